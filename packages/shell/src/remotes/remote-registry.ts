import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@gudang/api-client';

export const REMOTES_JSON_PATH = '/remotes.json';

/** /remotes.json could not be read: no remote can be loaded. */
export class RemotesListError extends Error {
  override name = 'RemotesListError';
}

function isRemotesManifest(value: unknown): value is RemotesManifest {
  if (typeof value !== 'object' || value === null) return false;
  const remotes: unknown = (value as { remotes?: unknown }).remotes;
  return (
    Array.isArray(remotes) &&
    remotes.every(
      (remote: unknown) =>
        typeof remote === 'object' &&
        remote !== null &&
        typeof (remote as { name?: unknown }).name === 'string' &&
        typeof (remote as { entry?: unknown }).entry === 'string',
    )
  );
}

async function fetchAndRegister(): Promise<void> {
  let manifest: unknown;
  try {
    // no-store: a team deploys a remote by editing remotes.json; the shell must see it on reload.
    const response = await fetch(new URL(REMOTES_JSON_PATH, document.baseURI), {
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    manifest = await response.json();
  } catch (error) {
    throw new RemotesListError(`${REMOTES_JSON_PATH} gagal dimuat: ${String(error)}`);
  }
  if (!isRemotesManifest(manifest)) throw new RemotesListError(`${REMOTES_JSON_PATH} tidak valid`);
  // An entry relative to this origin ('/remotes/inventory/mf-manifest.json') is made absolute so
  // that the manifest's 'auto' public path resolves against it.
  registerRemotes(
    manifest.remotes.map(({ name, entry }) => ({
      name,
      entry: new URL(entry, document.baseURI).toString(),
    })),
  );
}

let registration: Promise<void> | null = null;

/** Fetches /remotes.json once and registers the remotes; after a failure the next call tries again. */
export function ensureRemotesRegistered(): Promise<void> {
  if (!registration) {
    registration = fetchAndRegister().catch((error: unknown) => {
      registration = null;
      throw error;
    });
  }
  return registration;
}

/** Forgets the registration so that the next page load fetches /remotes.json again (tests). */
export function resetRemotesRegistration(): void {
  registration = null;
}

/** Loads `${remote}/${module}` and returns it in the shape React.lazy expects. */
export async function loadRemotePage(
  remote: string,
  module: string,
): Promise<{ default: ComponentType }> {
  await ensureRemotesRegistered();
  const loaded = await loadRemote<{ default?: ComponentType }>(`${remote}/${module}`);
  if (!loaded?.default) throw new Error(`${remote}/${module} tidak mengekspor komponen`);
  return { default: loaded.default };
}
