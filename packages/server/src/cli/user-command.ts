import { parseArgs } from 'node:util';
import { MIN_PASSWORD_LENGTH, type Role } from '@gudang/api-client/contract';
import type { Db } from '../db/client';
import { createUser, resetPassword } from '../modules/auth/service';

// One rule with the Pengguna page and the API (the contract).
export { MIN_PASSWORD_LENGTH };

export const USAGE = `Usage:
  npm run user -w @gudang/server -- add --email <email> --name <name> --role <admin|manager> [--password <password>]
  npm run user -w @gudang/server -- reset-password --email <email> [--password <password>]
Without --password the password is asked for (only in a terminal).`;

export interface UserCommandIo {
  out(line: string): void;
  /** Asks for a password without echoing it; null when there is no terminal to ask on. */
  askPassword: ((prompt: string) => Promise<string>) | null;
}

/** A failure the command reports to the user with exit code 1. */
export class UsageError extends Error {
  override name = 'UsageError';
}

async function obtainPassword(given: string | undefined, io: UserCommandIo): Promise<string> {
  let password = given;
  if (password === undefined) {
    if (io.askPassword === null)
      throw new UsageError('--password is required when not running in a terminal');
    password = await io.askPassword('Password: ');
    const again = await io.askPassword('Password (again): ');
    if (again !== password) throw new UsageError('the passwords do not match');
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  return password;
}

function isRole(value: string): value is Role {
  return value === 'admin' || value === 'manager';
}

/** Runs `add` or `reset-password`; throws UsageError for bad input. */
export async function runUserCommand(db: Db, argv: string[], io: UserCommandIo): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [command] = parsed.positionals;
  const { email, name, role, password } = parsed.values;
  if (email === undefined || email.trim() === '')
    throw new UsageError('--email <email> is required');
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim()))
    throw new UsageError(`--email '${email}' is not a valid email address`);

  if (command === 'add') {
    if (name === undefined || name.trim() === '') throw new UsageError('--name <name> is required');
    if (role === undefined || !isRole(role))
      throw new UsageError('--role must be admin or manager');
    const user = await createUser(db, {
      email,
      name,
      role,
      password: await obtainPassword(password, io),
    });
    if (user === null) throw new UsageError(`a user with the email ${email} already exists`);
    io.out(`Created ${user.role} ${user.email} (id ${user.id}).`);
    return;
  }
  if (command === 'reset-password') {
    const user = await resetPassword(db, email, await obtainPassword(password, io));
    if (user === null) throw new UsageError(`no user has the email ${email}`);
    io.out(`Password of ${user.email} changed.`);
    return;
  }
  throw new UsageError(
    command === undefined ? 'a command is required' : `unknown command '${command}'`,
  );
}
