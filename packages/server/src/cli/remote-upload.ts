// `npm run remote -- upload <name> --from <dir> --url <server> --token <token>`: deploy over HTTP
// for a team without shell access to the server. Packs the build folder as a .tar.gz and posts it
// to POST /api/remote-builds, which runs the same deploy as `npm run remote -- deploy` there.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { packTarGz } from '../remote-builds/archive';
import type { Io } from './remote-command';

export const UPLOAD_USAGE = `Usage:
  npm run remote -- upload <name> --from <build dir> --url <server> [--token <token>] [--force]
      pack <build dir> as a .tar.gz and deploy it on <server> (POST /api/remote-builds);
      <token> is the team's deploy token for <name> (made on the Deploy page), else
      GUDANG_DEPLOY_TOKEN, else a manager's session token (POST /api/auth/login) or GUDANG_TOKEN;
      --force deploys a version marked bad (mark-bad)`;

/** Runs the upload command; returns the exit code. */
export async function runUpload(
  argv: string[],
  io: Io,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [, name, ...rest] = argv;
  const flag = (option: string) => {
    const at = rest.indexOf(option);
    return at === -1 ? undefined : rest[at + 1];
  };
  const from = flag('--from');
  const url = flag('--url');
  const token = flag('--token') ?? env.GUDANG_DEPLOY_TOKEN ?? env.GUDANG_TOKEN;
  if (!name || !from || !url || !token) {
    io.err(UPLOAD_USAGE);
    return 2;
  }
  const dir = path.resolve(from);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    io.err(`folder build ${dir} tidak ada`);
    return 1;
  }
  const form = new FormData();
  form.append('name', name);
  if (rest.includes('--force')) form.append('force', '1');
  form.append('file', new Blob([new Uint8Array(packTarGz(dir))]), 'build.tar.gz');
  let response: Response;
  try {
    response = await fetch(new URL('/api/remote-builds', url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  } catch (error) {
    io.err(`server ${url} tidak dapat dihubungi: ${String(error)}`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    io.err(`${response.status}: ${body.message ?? 'deploy ditolak'}`);
    return 1;
  }
  io.out(body.message ?? `${name} terkirim`);
  return 0;
}
