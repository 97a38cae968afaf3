import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';

export interface ErrorPanelProps {
  title?: ReactNode;
  message: ReactNode;
  /** Shows the 'Coba lagi' button. */
  onRetry?: () => void;
  retryText?: string;
}

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  margin: ${({ theme }) => theme.spacing.xl} auto;
  padding: ${({ theme }) => theme.spacing.xl};
  max-width: 560px;
  text-align: center;
  background: ${({ theme }) => theme.colors.redSoft};
  border: 1px solid ${({ theme }) => theme.colors.red};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.colors.redText};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Message = styled.p`
  margin: 0;
`;

export function ErrorPanel({
  title = 'Terjadi kesalahan',
  message,
  onRetry,
  retryText = 'Coba lagi',
}: ErrorPanelProps) {
  return (
    <Panel role="alert">
      <Title>{title}</Title>
      <Message>{message}</Message>
      {onRetry ? (
        <Button variant="red" onClick={onRetry}>
          {retryText}
        </Button>
      ) : null}
    </Panel>
  );
}
