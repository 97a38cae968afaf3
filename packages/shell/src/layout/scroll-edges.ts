import { useCallback, useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Whether a scrolling box has content hidden above and below its visible part. */
export interface ScrollEdges {
  above: boolean;
  below: boolean;
}

const NONE: ScrollEdges = { above: false, below: false };
// Sub-pixel rounding of zoomed pages leaves a fraction of a pixel at the end of a scroll.
const SLACK_PX = 1;

function edgesOf(box: HTMLElement): ScrollEdges {
  return {
    above: box.scrollTop > SLACK_PX,
    below: box.scrollTop + box.clientHeight < box.scrollHeight - SLACK_PX,
  };
}

/**
 * The hidden parts of a scrolling box, measured again when it scrolls, when it or its content
 * changes size (a sidebar opened, a window resized) and when `watch` changes (a new menu).
 */
export function useScrollEdges(
  ref: RefObject<HTMLElement | null>,
  watch: unknown,
): [ScrollEdges, () => void] {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  const measure = useCallback(() => {
    const box = ref.current;
    const next = box === null ? NONE : edgesOf(box);
    setEdges((shown) => (shown.above === next.above && shown.below === next.below ? shown : next));
  }, [ref]);

  useLayoutEffect(() => {
    const box = ref.current;
    window.addEventListener('resize', measure);
    // Not every browser (nor jsdom) has ResizeObserver: the window's resize still measures.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    // A ResizeObserver measures first once the browser has laid the page out: no layout forced
    // inside React's commit, the start's longest task (issue 48). A hidden box (0 x 0, a phone's
    // closed menu) is not reported, and shows no edges (the initial state).
    if (observer === null) measure();
    if (box !== null && observer !== null) {
      observer.observe(box);
      for (const child of Array.from(box.children)) observer.observe(child);
    }
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure, ref, watch]);

  return [edges, measure];
}
