// At `npm start`: the builds in packages/<name>/dist registered as versions of the store.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { deployRemote } from './commands';
import { SHELL } from './manifest';
import { REMOTE_NAMES } from './remotes-list';
import { BUILD_NAMES, liveEntryOf, readHistory, type RemoteStore } from './store';

/**
 * At start: registers each remote's default build (packages/<name>/dist) as a version. It goes
 * live when the remote is not in the list yet, or when the list still points at the build the
 * previous start registered (a rebuilt `npm start`); a version a team deployed stays live.
 */
export function registerStartBuilds(
  store: RemoteStore,
  webDir: string,
  log: (message: string) => void = () => undefined,
): void {
  for (const name of BUILD_NAMES) mkdirSync(path.join(store.dir, name), { recursive: true });
  if (!existsSync(path.join(store.shellDir, 'mf-manifest.json'))) return;
  const history = readHistory(store);
  // The shell first: the remotes are checked against the shell live after it.
  for (const name of [SHELL, ...REMOTE_NAMES]) {
    const dist = name === SHELL ? store.shellDir : path.join(webDir, name, 'dist');
    if (!existsSync(path.join(dist, 'mf-manifest.json'))) continue;
    const current = liveEntryOf(store, name);
    const lastStart = [...history].reverse().find((e) => e.name === name && e.action === 'start');
    const followStart = !current || (lastStart !== undefined && current === lastStart.entry);
    try {
      if (followStart) {
        const result = deployRemote(store, { name, from: dist, action: 'start' });
        if (result.switched) log(`${name} ${result.version} registered from ${dist}`);
      }
    } catch (error) {
      log(`${name}: the build in ${dist} was not registered: ${String(error)}`);
    }
  }
}
