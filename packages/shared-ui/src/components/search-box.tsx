import { DEBOUNCE_MS, FIELDS } from '@gudang/api-client';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { SearchIcon } from './icons';

export interface SearchBoxProps {
  placeholder: string;
  /** The applied search text (for example from the URL); the box follows it when it changes. */
  value?: string;
  /** Called once, DEBOUNCE_MS after the user stops typing (or at once on Enter). */
  onSearch: (text: string) => void;
  /** Accessible name; defaults to the placeholder. */
  label?: string;
  delayMs?: number;
}

const Wrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  flex: 1 1 240px;
  min-width: 0;
  max-width: 420px;
  color: ${({ theme }) => theme.colors.grey400};
  svg {
    position: absolute;
    left: 10px;
    width: 16px;
    height: 16px;
    pointer-events: none;
  }
`;

const Input = styled.input`
  width: 100%;
  padding: 8px 12px 8px 34px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.text};
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.primarySoft};
  }
`;

export function SearchBox({
  placeholder,
  value = '',
  onSearch,
  label,
  delayMs = DEBOUNCE_MS,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [appliedValue, setAppliedValue] = useState(value);
  // Follow an outside change of the applied value (for example a reset) without an effect.
  if (value !== appliedValue) {
    setAppliedValue(value);
    setText(value);
  }

  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const emit = (next: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    onSearchRef.current(next);
  };

  return (
    <Wrap>
      <SearchIcon />
      <Input
        type="search"
        value={text}
        maxLength={FIELDS.search.maxLength}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => emit(next), delayMs);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            emit(text);
          }
        }}
      />
    </Wrap>
  );
}

export interface ListSearchBoxProps {
  /** The list's applied search and its setter, usually from useListParams. */
  list: { search: string; setSearch: (text: string) => void };
  placeholder: string;
}

/** The search box of a list: it shows the list's search and applies a new one to it. */
export function ListSearchBox({ list, placeholder }: ListSearchBoxProps) {
  return <SearchBox placeholder={placeholder} value={list.search} onSearch={list.setSearch} />;
}
