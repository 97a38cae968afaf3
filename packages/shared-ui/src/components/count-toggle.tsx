import styled from 'styled-components';

/** A row of CountToggles (role="group" with an aria-label where used), wrapping when narrow. */
export const CountToggles = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/**
 * A count that also filters a list: a toggle button (aria-pressed) with its number in a
 * <strong>, the pressed one in the primary colour.
 */
export const CountToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  max-width: 100%;
  padding: 6px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.grey700};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.blueText};
    font-weight: 600;
  }
  strong {
    font-variant-numeric: tabular-nums;
  }
`;
