// Open tabs learn of a deploy (micro-frontend audit 9): on every navigation and every minute the
// shell re-reads /remotes.json; when a remote this page uses points at another version, it offers
// a reload instead of swapping that remote's code inside the page.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@gudang/shared-ui';
import { newVersionLive } from './remote-registry';

export const NEW_VERSION_TEXT = 'Versi baru tersedia - muat ulang';
export const NEW_VERSION_CHECK_MS = 60_000;

const Notice = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.sm};
  background: ${({ theme }) => theme.colors.amberSoft};
  border: 1px solid ${({ theme }) => theme.colors.amber};
  border-radius: ${({ theme }) => theme.radii.md};
`;

declare const __GUDANG_VERSION__: string | undefined;

/** This page's shell version (stamped at build), null where it is not (tests). */
const OWN_SHELL = typeof __GUDANG_VERSION__ === 'string' ? __GUDANG_VERSION__ : null;

export interface NewVersionNoticeProps {
  intervalMs?: number;
  /** This page's shell version; a different live one offers a reload too. */
  shellVersion?: string | null;
  /** What the button does (a full reload; tests replace it). */
  onReload?: () => void;
}

export function NewVersionNotice({
  intervalMs = NEW_VERSION_CHECK_MS,
  shellVersion = OWN_SHELL,
  onReload = () => window.location.reload(),
}: NewVersionNoticeProps) {
  const { pathname } = useLocation();
  const [available, setAvailable] = useState(false);

  // Checked on while the notice shows: a rollback back to this tab's own versions takes it away.
  useEffect(() => {
    let mounted = true;
    const check = () =>
      newVersionLive(shellVersion).then(
        (changed) => {
          if (mounted) setAvailable(changed);
        },
        () => undefined, // offline for a moment: the next check tries again
      );
    void check();
    const timer = setInterval(() => void check(), intervalMs);
    return () => {
      mounted = false;
      clearInterval(timer);
    };
  }, [pathname, intervalMs, shellVersion]);

  if (!available) return null;
  return (
    <Notice role="status">
      <Button size="sm" onClick={onReload}>
        {NEW_VERSION_TEXT}
      </Button>
    </Notice>
  );
}
