import { OFFLINE_TEXTS } from '@gudang/api-client';
import type { OfflineQueueView } from '@gudang/api-client';
import styled from 'styled-components';
import { Button } from './button';

const Banner = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.amber};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.amberText};
  font-weight: 600;
`;

const Refusals = styled.section`
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.red};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.redSoft};
  color: ${({ theme }) => theme.colors.redText};
  overflow-wrap: anywhere;
  h4 {
    margin: 0 0 ${({ theme }) => theme.spacing.xs};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.spacing.xl};
  }
  li + li {
    margin-top: ${({ theme }) => theme.spacing.xs};
  }
`;

export interface OfflineNoticeProps {
  /** The page's offline queue: its writes kept on this device and those the server refused. */
  queue: Pick<OfflineQueueView, 'offline' | 'pending' | 'refused' | 'dismiss'>;
}

/**
 * Offline capture (issue 48): says at once that the page is offline and how many scans wait on
 * this device, and lists the kept scans the server refused, each with its reason.
 */
export function OfflineNotice({ queue }: OfflineNoticeProps) {
  const { offline, refused } = queue;
  const pending = queue.pending.length;
  return (
    <>
      {offline ? (
        <Banner role="status">{OFFLINE_TEXTS.offline(pending)}</Banner>
      ) : pending > 0 ? (
        <Banner role="status">{OFFLINE_TEXTS.sending(pending)}</Banner>
      ) : null}
      {refused.length === 0 ? null : (
        <Refusals aria-label={OFFLINE_TEXTS.refusedTitle}>
          <h4>{OFFLINE_TEXTS.refusedTitle}</h4>
          <ul>
            {refused.map((item) => (
              <li key={item.client_id}>
                <strong>{item.label}</strong>: {item.message}{' '}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${OFFLINE_TEXTS.dismiss} ${item.label}`}
                  onClick={() => queue.dismiss(item.client_id)}
                >
                  {OFFLINE_TEXTS.dismiss}
                </Button>
              </li>
            ))}
          </ul>
        </Refusals>
      )}
    </>
  );
}
