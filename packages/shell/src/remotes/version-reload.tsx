// A tab never runs two versions (or two runtimes) of one remote (micro-frontend audit N1, as the
// OpenShift console does): when a retry would load other code of a remote than the one this tab
// runs, the page says so and reloads, keeping its URL. It asks first when a form holds typed data,
// and reloads at most once a minute for the same change by itself (then it asks).
import { useEffect, useState } from 'react';
import { ErrorPanel } from '@gudang/shared-ui';
import type { RemoteVersionChangedError } from './remote-registry';

export const RELOAD_TITLE = 'Halaman perlu dimuat ulang';
export const RELOAD_BUTTON = 'Muat ulang';
export const TYPED_DATA_TEXT =
  'Ada isian yang belum disimpan: simpan dulu, atau tekan Muat ulang (isian akan hilang).';
export const AGAIN_TEXT = 'Halaman baru saja dimuat ulang; tekan Muat ulang untuk mencoba lagi.';

/** What reloads the page (tests replace it: jsdom cannot navigate). */
export const pageReload = { reload: (): void => window.location.reload() };

// Fields that got input events, so that "typed data" is what was entered, not what a page
// rendered. React keeps a controlled field's default value equal to its value, so comparing the
// two says nothing.
const typedFields = new Set<Element>();
if (typeof document !== 'undefined') {
  const note = (event: Event) => {
    if (event.target instanceof Element) typedFields.add(event.target);
  };
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
}

/** Whether a field on the page still holds something the user typed or chose. */
export function hasTypedData(): boolean {
  for (const field of typedFields) {
    if (!field.isConnected) {
      typedFields.delete(field);
      continue;
    }
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') return true;
      if (field.type === 'file' ? (field.files?.length ?? 0) > 0 : field.value !== '') return true;
    } else if (field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) {
      if (field.value !== '') return true;
    } else if (field instanceof HTMLElement && field.isContentEditable) {
      if ((field.textContent ?? '') !== '') return true;
    }
  }
  return false;
}

/** Forgets the typed fields (tests). */
export function forgetTypedFields(): void {
  typedFields.clear();
}

const RECENT_KEY = 'gudang:version-reload';
const RECENT_MS = 60_000;

/** Whether this tab reloaded by itself for the same change within the last minute (a loop). */
function reloadedRecently(change: string): boolean {
  try {
    const last = JSON.parse(window.sessionStorage.getItem(RECENT_KEY) ?? 'null') as {
      change?: string;
      at?: number;
    } | null;
    return last?.change === change && Date.now() - (last.at ?? 0) < RECENT_MS;
  } catch {
    return false;
  }
}

function noteReload(change: string): void {
  try {
    window.sessionStorage.setItem(RECENT_KEY, JSON.stringify({ change, at: Date.now() }));
  } catch {
    // storage blocked: no loop guard
  }
}

/** What the page says: which module, and the versions for the admin. */
export function versionChangeMessage(error: RemoteVersionChangedError, label: string): string {
  if (error.sameVersion)
    return `Modul ${label} perlu dimuat ulang bersama halaman ini. (Kode untuk admin: ${error.remote} ${error.running ?? '-'})`;
  return `Modul ${label} sudah diganti dengan versi lain; halaman dimuat ulang agar tidak memakai dua versi sekaligus. (Kode untuk admin: ${error.remote} ${error.running ?? '-'} → ${error.live ?? '-'})`;
}

export interface VersionReloadProps {
  error: RemoteVersionChangedError;
  label: string;
}

/** Says that the page reloads, and reloads (or asks first, when a form holds typed data). */
export function VersionReload({ error, label }: VersionReloadProps) {
  const change = `${error.remote}:${error.running ?? ''}:${error.live ?? ''}`;
  // Decided once, when the panel appears: 'typed' and 'again' ask, 'auto' reloads at once.
  const [mode] = useState<'auto' | 'typed' | 'again'>(() =>
    hasTypedData() ? 'typed' : reloadedRecently(change) ? 'again' : 'auto',
  );

  useEffect(() => {
    if (mode !== 'auto') return;
    noteReload(change);
    pageReload.reload();
  }, [mode, change]);

  const message = versionChangeMessage(error, label);
  const tail = { auto: 'Memuat ulang...', typed: TYPED_DATA_TEXT, again: AGAIN_TEXT }[mode];
  return (
    <ErrorPanel
      title={RELOAD_TITLE}
      message={`${message} ${tail}`}
      onRetry={mode === 'auto' ? undefined : () => pageReload.reload()}
      retryText={RELOAD_BUTTON}
    />
  );
}
