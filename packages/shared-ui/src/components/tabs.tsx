import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';

const TabList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  /* A phone scrolls the tabs sideways rather than widening the page, and a shadow at an edge says
     that more tabs lie beyond it: the two covers scroll with the tabs (local) and hide the shadow
     (fixed to the box) once that end is reached. The tabs stand on the page's background. */
  overflow-x: auto;
  position: relative;
  background:
    linear-gradient(to right, ${({ theme }) => theme.colors.background} 40%, transparent) left /
      2rem 100% no-repeat local,
    linear-gradient(to left, ${({ theme }) => theme.colors.background} 40%, transparent) right /
      2rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgb(0 0 0 / 0.2), transparent) left / 0.75rem 100%
      no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgb(0 0 0 / 0.2), transparent) right / 0.75rem 100%
      no-repeat scroll;
`;

const Tab = styled.button`
  margin-bottom: -1px;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  border: none;
  border-bottom: 2px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.blueText};
  }
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

export interface TabsProps<T extends string> {
  /** The tab list's accessible name (the page's title). */
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * A page's tabs (WAI-ARIA tabs pattern): the tab list and the selected tab's panel. Arrow keys
 * move between the tabs, round at the ends, and activation follows focus. The selected tab is
 * the caller's (usually in the URL).
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  // The selected tab in view, also when it came from the URL on a phone (the list is the tabs'
  // offsetParent: position relative).
  useEffect(() => {
    const box = list.current;
    const tab = document.getElementById(`${id}-tab-${value}`);
    if (box === null || tab === null) return;
    const right = tab.offsetLeft + tab.offsetWidth;
    if (tab.offsetLeft < box.scrollLeft) box.scrollLeft = tab.offsetLeft;
    else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth;
  }, [id, value]);
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const at = tabs.findIndex((tab) => tab.value === value);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(at + step + tabs.length) % tabs.length]?.value;
    if (next === undefined) return;
    onChange(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  return (
    <>
      <TabList ref={list} role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            id={`${id}-tab-${tab.value}`}
            type="button"
            role="tab"
            aria-selected={value === tab.value}
            aria-controls={`${id}-panel`}
            tabIndex={value === tab.value ? 0 : -1}
            onKeyDown={onKey}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <Panel id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${value}`}>
        {children}
      </Panel>
    </>
  );
}
