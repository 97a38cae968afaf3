import { existsSync, statSync } from 'node:fs';
import type { RemotesManifest } from '@gudang/api-client/contract';
import { defaultRemotes, loadRemotes } from '../remote-builds/remotes-list';

export { REMOTE_NAMES, defaultRemotes, loadRemotes } from '../remote-builds/remotes-list';

/** Origins other than ours that remotes are loaded from: the CSP must allow them. */
export function remoteOrigins(remotes: RemotesManifest): string[] {
  const origins = remotes.remotes
    .filter((remote) => !remote.entry.startsWith('/'))
    .map((remote) => new URL(remote.entry).origin);
  return [...new Set(origins)];
}

/**
 * The current remotes list. A team deploys its remote by editing the REMOTES_JSON file, so the
 * file is re-read whenever it changes, with no restart; a broken edit is logged and the last good
 * list stays in force. A bad file at start still stops the start (loadRemotes throws).
 */
export class RemotesSource {
  private list: RemotesManifest;
  private stamp: string;

  /**
   * `mayBeMissing`: the file may not exist yet (the default list meanwhile): on PostgreSQL another
   * server's deploy writes it (remote-builds/shared.ts).
   */
  constructor(
    private readonly file: string | null,
    private readonly onReloadError: (error: unknown) => void = () => undefined,
    private readonly mayBeMissing = false,
  ) {
    this.list = this.missing() ? defaultRemotes() : loadRemotes(file);
    this.stamp = this.fileStamp();
  }

  private missing(): boolean {
    return this.mayBeMissing && this.file !== null && !existsSync(this.file);
  }

  private fileStamp(): string {
    if (this.file === null || this.missing()) return '';
    const st = statSync(this.file);
    return `${st.mtimeMs}:${st.size}:${st.ino}`;
  }

  current(): RemotesManifest {
    if (this.file === null) return this.list;
    try {
      const stamp = this.fileStamp();
      if (stamp !== this.stamp) {
        this.list = this.missing() ? defaultRemotes() : loadRemotes(this.file);
        this.stamp = stamp;
      }
    } catch (error) {
      this.onReloadError(error);
    }
    return this.list;
  }

  origins(): string[] {
    return remoteOrigins(this.current());
  }
}
