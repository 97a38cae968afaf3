// The label's free area: the largest empty rectangle of a page (as it is seen, after its
// rotation), on a grid of 1 mm, away from every box of ink and text and from the page's edges.
import type { Box } from './label-types';

const MM = 72 / 25.4;

export interface FreeAreaOptions {
  /** Grid cell (pt). */
  cell: number;
  /** Kept clear along the page's edges (pt): thermal printers do not print there. */
  edge: number;
  /** Kept clear around every box of ink (pt). */
  gap: number;
  minWidth: number;
  minHeight: number;
}

export const FREE_AREA: FreeAreaOptions = {
  cell: 1 * MM,
  edge: 3 * MM,
  gap: 1.5 * MM,
  minWidth: 35 * MM,
  minHeight: 5 * MM,
};

/**
 * The largest empty rectangle of a page of `width` x `height` (pt, origin bottom left) with the
 * boxes `ink` in it, at least minWidth x minHeight; null when there is none.
 */
export function freeArea(
  width: number,
  height: number,
  ink: readonly Box[],
  options: FreeAreaOptions = FREE_AREA,
): Box | null {
  const { cell } = options;
  const cols = Math.floor(width / cell);
  const rows = Math.floor(height / cell);
  if (cols <= 0 || rows <= 0) return null;
  // Row 0 is the top of the page.
  const taken = new Uint8Array(cols * rows);
  const mark = (x0: number, y0: number, x1: number, y1: number) => {
    const c0 = Math.max(0, Math.floor(x0 / cell));
    const c1 = Math.min(cols - 1, Math.ceil(x1 / cell) - 1);
    const r0 = Math.max(0, Math.floor((height - y1) / cell));
    const r1 = Math.min(rows - 1, Math.ceil((height - y0) / cell) - 1);
    for (let r = r0; r <= r1; r += 1) taken.fill(1, r * cols + c0, r * cols + c1 + 1);
  };
  const { edge, gap } = options;
  mark(0, 0, width, edge);
  mark(0, height - edge, width, height);
  mark(0, 0, edge, height);
  mark(width - edge, 0, width, height);
  for (const box of ink) {
    if (box.x1 < 0 || box.y1 < 0 || box.x0 > width || box.y0 > height) continue;
    mark(box.x0 - gap, box.y0 - gap, box.x1 + gap, box.y1 + gap);
  }

  const minCols = Math.ceil(options.minWidth / cell);
  const minRows = Math.ceil(options.minHeight / cell);
  const heights = new Int32Array(cols + 1);
  const stack = new Int32Array(cols + 1);
  let best: { left: number; cols: number; bottom: number; rows: number } | null = null;
  let bestArea = 0;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) heights[c] = taken[r * cols + c] ? 0 : (heights[c] ?? 0) + 1;
    heights[cols] = 0;
    // Each maximal rectangle whose bottom is row r: the widest run of columns at least as tall
    // as the column that stops it.
    let top = -1;
    for (let c = 0; c <= cols; c += 1) {
      const h = heights[c] as number;
      while (top >= 0 && (heights[stack[top] as number] as number) >= h) {
        const tall = heights[stack[top] as number] as number;
        top -= 1;
        const left = top >= 0 ? (stack[top] as number) + 1 : 0;
        const wide = c - left;
        const area = wide * tall;
        if (wide >= minCols && tall >= minRows && area > bestArea) {
          bestArea = area;
          best = { left, cols: wide, bottom: r, rows: tall };
        }
      }
      top += 1;
      stack[top] = c;
    }
  }
  if (best === null) return null;
  return {
    x0: best.left * cell,
    x1: (best.left + best.cols) * cell,
    y1: height - (best.bottom - best.rows + 1) * cell,
    y0: height - (best.bottom + 1) * cell,
  };
}
