// What the kill switch (kill-switch.ts) shows: a switched-off remote's pages as a panel saying
// why, and (app-layout.tsx) its menu items disabled with the reason.
import { useSyncExternalStore } from 'react';
import { KILL_SWITCH_MESSAGES } from '@gudang/api-client';
import { ErrorPanel } from '@gudang/shared-ui';
import {
  DISABLE_PARAM,
  killSwitchSnapshot,
  subscribeKillSwitch,
  type DisabledBy,
} from './kill-switch';

export const DISABLED_TEXTS = {
  reason: KILL_SWITCH_MESSAGES.disabled,
  byUrl: (label: string) =>
    `Modul ${label} dinonaktifkan sementara di tab ini (alamat dengan ?${DISABLE_PARAM}=). Buka alamat dengan ?${DISABLE_PARAM}= kosong untuk memuatnya lagi; halaman lain tetap bisa dipakai.`,
  bySetting: (label: string) =>
    `Modul ${label} dinonaktifkan sementara oleh manager untuk semua pengguna. Halaman lain tetap bisa dipakai.`,
} as const;

/** The switched-off remotes and why, re-rendering when the switch changes. */
export function useDisabledRemotes(): ReadonlyMap<string, DisabledBy> {
  return useSyncExternalStore(subscribeKillSwitch, killSwitchSnapshot, killSwitchSnapshot);
}

export interface DisabledRemotePanelProps {
  label: string;
  by: DisabledBy;
}

/** A page of a switched-off remote: no retry, the remote is not loaded. */
export function DisabledRemotePanel({ label, by }: DisabledRemotePanelProps) {
  return (
    <ErrorPanel
      title={DISABLED_TEXTS.reason}
      message={by === 'url' ? DISABLED_TEXTS.byUrl(label) : DISABLED_TEXTS.bySetting(label)}
    />
  );
}
