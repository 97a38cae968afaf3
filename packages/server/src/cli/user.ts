// Adds a user or resets a password on the database the server uses (DATABASE_URL, or PGlite in
// DATA_DIR). Production has no default users: this is how the first manager is created.
import { ConfigError, parseEnv } from '../config';
import { createDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { runUserCommand, USAGE, UsageError, type UserCommandIo } from './user-command';

/** Reads one line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new UsageError('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help')) {
    console.log(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  const config = parseEnv();
  const database = await createDatabase(config);
  try {
    await database.migrate();
    const io: UserCommandIo = {
      out: (line) => console.log(line),
      askPassword: process.stdin.isTTY ? askHidden : null,
    };
    await runUserCommand(database.db, argv, io);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
    } else if (error instanceof DataDirInUseError) {
      // PGlite: one process at a time; the running server holds the directory.
      console.error(`Error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
