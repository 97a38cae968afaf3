import styled from 'styled-components';

/** A table cell of several lines (a number with its date, a badge with its reason), one under another. */
export const CellLines = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

/** A cell's secondary line: small and muted under its main value. */
export const CellNote = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;
