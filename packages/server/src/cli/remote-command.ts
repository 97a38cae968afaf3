// `npm run remote -- deploy|list|rollback`: how a team ships its area (README "Shipping a
// remote", docs/adr/0010-versioned-remotes.md). Works on REMOTES_DIR and the live list the
// server reads (REMOTES_JSON, else REMOTES_DIR/remotes.json); the running server picks the
// switch up on the next page load, with no restart.
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config';
import {
  DeployError,
  deployRemote,
  listRemotes,
  setBad,
  pruneRemote,
  rollbackRemote,
  type RemoteStore,
} from '../remote-builds/remote-builds';

export const USAGE = `Usage:
  npm run remote -- deploy <name> [--from <build dir>] [--force] [--by <who>]
      copy a build (default packages/<name>/dist) into REMOTES_DIR under its version, check it
      (manifest, every file it names, shared versions the live shell provides), then switch
      the live list to it (and the API contract the running server serves); --force switches
      despite unmet shared versions or API fields, and deploys a version marked bad
  npm run remote -- list               versions kept, by deploy time, who deployed, * = live
  npm run remote -- rollback <name> [--to <version>]
      switch back to the version live before this one (never one marked bad), or to <version>
  npm run remote -- mark-bad <name> <version>
      a rollback never goes to <version> again; a deploy of it needs --force
  npm run remote -- unmark-bad <name> <version>   undo mark-bad
  npm run remote -- prune <name> --keep <N>
      remove old versions, keeping the N last live, the live one and any live in the last day
<name> is inventory, orders, finance, admin or shell: the shell is versioned and deployed the
same way (default from packages/shell/dist), checked against what every live remote requires.
Every command records who ran it: --by <who>, else the OS user.`;

/** Who runs the command: --by, else the OS user. */
function actor(by: string | undefined): string {
  if (by) return by;
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? 'tidak diketahui';
  }
}

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; returns the exit code. */
export function runRemoteCommand(
  argv: string[],
  store: RemoteStore,
  webDir: string,
  io: Io,
): number {
  const [command, name, ...rest] = argv;
  const flag = (option: string) => {
    const at = rest.indexOf(option);
    return at === -1 ? undefined : rest[at + 1];
  };
  const by = actor(flag('--by'));
  try {
    switch (command) {
      case 'deploy': {
        if (!name) break;
        const from = path.resolve(flag('--from') ?? path.join(webDir, name, 'dist'));
        const result = deployRemote(store, { name, from, force: rest.includes('--force'), by });
        for (const warning of result.warnings) io.err(`PERINGATAN (--force): ${warning}`);
        io.out(
          result.switched
            ? `${name} ${result.version} aktif: ${result.entry}`
            : `${name} ${result.version} sudah aktif; tidak ada yang diubah`,
        );
        return 0;
      }
      case 'rollback': {
        if (!name) break;
        const { from, to } = rollbackRemote(store, name, { to: flag('--to'), by });
        io.out(`${name}: ${from} -> ${to}`);
        return 0;
      }
      case 'mark-bad': {
        const version = rest[0];
        if (!name || !version) break;
        setBad(store, name, version, true, { by });
        io.out(`${name} ${version} ditandai buruk: rollback tidak akan memilihnya`);
        return 0;
      }
      case 'unmark-bad': {
        const version = rest[0];
        if (!name || !version) break;
        setBad(store, name, version, false, { by });
        io.out(`${name} ${version} tidak lagi ditandai buruk`);
        return 0;
      }
      case 'prune': {
        const keep = flag('--keep');
        if (!name || keep === undefined) break;
        const removed = pruneRemote(store, name, Number(keep), { by });
        io.out(
          removed.length > 0
            ? `${name}: dihapus ${removed.join(', ')}`
            : `${name}: tidak ada versi yang dihapus`,
        );
        return 0;
      }
      case 'list': {
        for (const remote of listRemotes(store)) {
          io.out(`${remote.name}: aktif ${remote.live ?? '(tidak ada)'}`);
          for (const v of remote.versions)
            io.out(
              [
                `  ${v.version === remote.live ? '*' : ' '} ${v.version}`,
                v.deployedAt ?? '-',
                v.by ?? '-',
                `build ${v.builtAt ?? '-'}`,
                v.commit?.slice(0, 7) ?? '',
                v.bad ? '(buruk)' : '',
              ]
                .join('  ')
                .trimEnd(),
            );
        }
        return 0;
      }
      default:
        break;
    }
    io.err(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof DeployError || error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
