// `npm run remote -- …`: see remote-command.ts.
import { parseEnv } from '../config';
import { storeFor } from '../remote-builds/remote-builds';
import { runRemoteCommand } from './remote-command';

const config = parseEnv();
process.exitCode = runRemoteCommand(process.argv.slice(2), storeFor(config), config.webDir, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
