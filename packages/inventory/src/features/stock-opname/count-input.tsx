import { FIELDS } from '@gudang/api-client';
import type { OpnameLine } from '@gudang/api-client';
import { integerInputMessage, parseIntegerInput } from '@gudang/shared-ui';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { OPNAME_TEXTS } from './stock-opname-texts';

const Input = styled.input<{ $invalid: boolean }>`
  width: 6.5rem;
  padding: 4px 8px;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.red : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Error = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.red};
`;

export interface CountInputProps {
  line: OpnameLine;
  /**
   * Writes the typed number as the product's count (`set`), with the count shown when typing
   * began (`seen`): the server refuses it when another phone changed the count meanwhile.
   */
  onSet: (line: OpnameLine, count: number, seen: number | null) => void;
  /** Back to the scan field after Enter. */
  onDone: () => void;
}

/** A product's 'Jumlah Fisik', typed: written when the field is left or Enter is pressed. */
export function CountInput({ line, onSet, onDone }: CountInputProps) {
  const shown = line.counted === null ? '' : String(line.counted);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The count on screen when typing began: what the typed number replaces.
  const seen = useRef<number | null>(line.counted);
  const bounds = { label: FIELDS.set.label, min: 0, max: FIELDS.set.max };

  const commit = () => {
    if (draft === null) return;
    if (draft.trim() === '' || draft === shown) {
      setDraft(null);
      setError(null);
      return;
    }
    const result = parseIntegerInput(draft, bounds);
    if (!result.ok) {
      setError(integerInputMessage(result.problem, bounds));
      return;
    }
    setError(null);
    setDraft(null);
    if (result.value !== seen.current) onSet(line, result.value, seen.current);
  };

  return (
    <>
      <Input
        type="text"
        inputMode="numeric"
        aria-label={OPNAME_TEXTS.physicalLabel(line.product_name)}
        value={draft ?? shown}
        placeholder="-"
        $invalid={error !== null}
        aria-invalid={error !== null || undefined}
        onChange={(event) => {
          if (draft === null) seen.current = line.counted;
          setDraft(event.target.value);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          // Leaving the field writes the number (onBlur), once.
          event.currentTarget.blur();
          onDone();
        }}
      />
      {error !== null ? <Error role="alert">{error}</Error> : null}
    </>
  );
}
