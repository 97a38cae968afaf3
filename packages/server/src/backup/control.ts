// PGlite runs inside the server's process, so a backup of a running PGlite server must be made by
// that process. The server listens on a Unix socket in DATA_DIR (only its owner may connect); the
// backup command sends it one line, {"command":"backup","file":...}, and reads one line back.
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Database } from '../db/client';
import { writeBackup, type BackupHeader } from './backup';

export const CONTROL_SOCKET = 'control.sock';

export const controlSocketOf = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

type Answer = { ok: true; header: BackupHeader } | { ok: false; error: string };

/** Serves backup requests on DATA_DIR/control.sock until close(). */
export function listenControl(
  database: Pick<Database, 'db' | 'kind'>,
  dataDir: string,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketOf(dataDir);
  // Ours: this process holds the data directory's lock.
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      text += chunk;
      if (!text.includes('\n')) return;
      void answer(text.slice(0, text.indexOf('\n'))).then((reply) =>
        connection.end(`${JSON.stringify(reply)}\n`),
      );
    });
    connection.on('error', () => undefined);
  });
  const answer = async (line: string): Promise<Answer> => {
    try {
      const request = JSON.parse(line) as { command?: unknown; file?: unknown };
      if (
        request.command !== 'backup' ||
        typeof request.file !== 'string' ||
        !path.isAbsolute(request.file)
      )
        return { ok: false, error: 'unknown request' };
      return { ok: true, header: await writeBackup(database, request.file) };
    } catch (error) {
      onError(error);
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      chmodSync(socketPath, 0o600);
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            rmSync(socketPath, { force: true });
          }),
      });
    });
  });
}

/** Asks the server running on `dataDir` to write a backup to `file` (absolute). */
export function requestBackup(dataDir: string, file: string): Promise<BackupHeader> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(controlSocketOf(dataDir));
    let text = '';
    connection.setEncoding('utf8');
    connection.on('connect', () =>
      connection.write(`${JSON.stringify({ command: 'backup', file })}\n`),
    );
    connection.on('data', (chunk: string) => (text += chunk));
    connection.on('error', reject);
    connection.on('end', () => {
      try {
        const reply = JSON.parse(text) as Answer;
        if (reply.ok) resolve(reply.header);
        else reject(new Error(`the running server could not write the backup: ${reply.error}`));
      } catch {
        reject(new Error('the running server gave no answer'));
      }
    });
  });
}
