import { PAGE_SIZES } from '@gudang/api-client';
import { useId } from 'react';
import styled from 'styled-components';
import { formatInteger } from '../formatters';

export interface PageSizeSelectProps {
  value: number;
  /** Defaults to PAGE_SIZES (10, 20, 50). */
  options?: readonly number[];
  /** Total number of items of the list, shown as 'dari N item'. */
  total: number;
  onChange: (size: number) => void;
  label?: string;
}

const Wrap = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.grey700};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Select = styled.select`
  padding: 4px 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.white};
`;

export function PageSizeSelect({
  value,
  options = PAGE_SIZES,
  total,
  onChange,
  label = 'Jumlah item per halaman',
}: PageSizeSelectProps) {
  const textId = useId();
  return (
    <Wrap>
      <Select
        aria-label={label}
        aria-describedby={textId}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Select>
      <span id={textId}>dari {formatInteger(total)} item</span>
    </Wrap>
  );
}
