// The pieces of the two-step import dialog (file, preview kept on the server, commit) that the
// order import and Retur's return import (issue 46) share.
import { formatInteger } from '@gudang/shared-ui';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

/** The file and its choices (marketplace, store) side by side, stacked on a phone. */
export const ImportGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

/** Why the file could not be read (role="alert" where used). */
export const ImportFailure = styled.div`
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.redSoft};
  color: ${({ theme }) => theme.colors.redText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
  ul {
    margin: ${({ theme }) => theme.spacing.sm} 0 0;
    padding-left: ${({ theme }) => theme.spacing.xl};
  }
`;

/** The file's name, marketplace and store above its preview or result. */
export const FileFacts = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.grey700};
  overflow-wrap: anywhere;
`;

const ResultList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.spacing.md};
    border: 1px solid ${({ theme }) => theme.colors.borderLight};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 2px 0 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
  }
`;

export interface ImportResultProps {
  /** Names the list ('Hasil Impor'). */
  label: string;
  items: readonly (readonly [label: string, value: number])[];
}

/** What a commit did: a box per count. */
export function ImportResult({ label, items }: ImportResultProps) {
  return (
    <ResultList aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{formatInteger(value)}</dd>
        </div>
      ))}
    </ResultList>
  );
}

/**
 * 'Impor' sits below a long preview: the shorter result would keep that scroll and open with its
 * title above the top (a phone). Once `done`, the dialog goes back to its top and takes the focus,
 * so that a screen reader reads 'Hasil Impor' (the button pressed is gone). Answers the ref to put
 * on an element of the result.
 */
export function useResultFocus(done: boolean) {
  const facts = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = facts.current;
    if (!done || !element) return;
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      box.scrollTop = 0;
    }
    element.closest<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
  }, [done]);
  return facts;
}
