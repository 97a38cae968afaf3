// `npm run remote -- …`: see remote-command.ts (and remote-upload.ts for `upload`).
import { parseEnv, type Config } from '../config';
import { createDatabase } from '../db/client';
import { LOCK_WAIT_MS, storeFor } from '../remote-builds/remote-builds';
import { withSharedBuilds } from '../remote-builds/shared';
import { runRemoteCommand } from './remote-command';
import { runUpload } from './remote-upload';

const io = {
  out: (line: string) => console.log(line),
  err: (line: string) => console.error(line),
};
const argv = process.argv.slice(2);
if (argv[0] === 'upload') {
  // Deploys on another server: no local configuration needed.
  void runUpload(argv, io).then((code) => {
    process.exitCode = code;
  });
} else {
  const config = parseEnv();
  const store = storeFor(config);
  if (config.databaseUrl === null)
    process.exitCode = runRemoteCommand(argv, store, config.webDir, io);
  // Several app servers on one PostgreSQL: the command works on the builds kept there (ADR 0007).
  else void runShared(config, config.databaseUrl);
}

async function runShared(config: Config, databaseUrl: string): Promise<void> {
  const store = storeFor(config);
  const database = await createDatabase({ databaseUrl, pgliteDir: 'memory://' });
  try {
    process.exitCode = await withSharedBuilds(
      database.db,
      store,
      () => runRemoteCommand(argv, store, config.webDir, io),
      LOCK_WAIT_MS,
    );
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
