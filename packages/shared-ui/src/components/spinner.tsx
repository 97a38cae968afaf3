import styled, { keyframes } from 'styled-components';

export interface SpinnerProps {
  /** Visible text beside the spinner, also its accessible name. */
  label?: string;
  size?: number;
  /** Centre the spinner in a padded block (for whole-page loading). */
  block?: boolean;
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrap = styled.div<{ $block: boolean }>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme, $block }) => ($block ? theme.spacing.xxl : '0')};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Circle = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid ${({ theme }) => theme.colors.grey200};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export function Spinner({ label, size = 20, block = false }: SpinnerProps) {
  return (
    <Wrap role="status" aria-label={label ? undefined : 'Memuat...'} $block={block}>
      <Circle aria-hidden="true" $size={size} />
      {label ? <span>{label}</span> : null}
    </Wrap>
  );
}
