// `npm run remote -- …`: see remote-command.ts (and remote-upload.ts for `upload`).
import { parseEnv } from '../config';
import { storeFor } from '../remote-builds/remote-builds';
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
  process.exitCode = runRemoteCommand(argv, storeFor(config), config.webDir, io);
}
