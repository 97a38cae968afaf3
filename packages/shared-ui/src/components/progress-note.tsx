import styled, { keyframes } from 'styled-components';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.lg} 0;
  color: ${({ theme }) => theme.colors.grey700};
`;

const Track = styled.div`
  position: relative;
  height: 6px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.grey200};
`;

const Bar = styled.div`
  position: absolute;
  inset: 0 auto 0 0;
  width: 40%;
  border-radius: inherit;
  background: ${({ theme }) => theme.colors.primary};
  animation: ${slide} 1.2s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    width: 100%;
    opacity: 0.5;
  }
`;

/**
 * A step that runs on the server without a measurable share done (reading a file, committing
 * it in one transaction): an indeterminate progress bar with what is happening.
 */
export function ProgressNote({ label }: { label: string }) {
  return (
    <Wrap>
      <Track role="progressbar" aria-label={label} aria-busy="true">
        <Bar />
      </Track>
      <span>{label}</span>
    </Wrap>
  );
}
