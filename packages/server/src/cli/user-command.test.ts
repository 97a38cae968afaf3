import { createTestDatabase, buildTestApp, login, type TestDatabase } from '../testing/test-app';
import { runUserCommand, UsageError, type UserCommandIo } from './user-command';

let database: TestDatabase;
const lines: string[] = [];
const io: UserCommandIo = { out: (line) => lines.push(line), askPassword: null };

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(() => database.destroy());

describe('user command', () => {
  it('adds a user who can then sign in, and resets the password', async () => {
    await runUserCommand(
      database.db,
      [
        'add',
        '--email',
        'Boss@Toko.id',
        '--name',
        'Bu Sari',
        '--role',
        'manager',
        '--password',
        'rahasia123',
      ],
      io,
    );
    expect(lines.at(-1)).toMatch(/Created manager boss@toko.id/);

    const app = await buildTestApp(database);
    try {
      await expect(login(app, 'boss@toko.id', 'rahasia123')).resolves.toEqual(expect.any(String));
      await runUserCommand(
        database.db,
        ['reset-password', '--email', 'BOSS@toko.id', '--password', 'baru-sekali'],
        io,
      );
      await expect(login(app, 'boss@toko.id', 'rahasia123')).rejects.toThrow(/401/);
      await expect(login(app, 'boss@toko.id', 'baru-sekali')).resolves.toEqual(expect.any(String));
    } finally {
      await app.close();
    }
  });

  it.each([
    [
      [
        'add',
        '--email',
        'boss@toko.id',
        '--name',
        'X',
        '--role',
        'manager',
        '--password',
        'rahasia123',
      ],
      /already exists/,
    ],
    [
      ['add', '--email', 'a@b.c', '--name', 'X', '--role', 'owner', '--password', 'rahasia123'],
      /--role/,
    ],
    [
      ['add', '--email', 'a@b.c', '--name', 'X', '--role', 'admin', '--password', 'short'],
      /at least 8/,
    ],
    [['add', '--email', 'a@b.c', '--name', 'X', '--role', 'admin'], /--password is required/],
    [['reset-password', '--email', 'nobody@b.c', '--password', 'rahasia123'], /no user/],
    [['remove', '--email', 'a@b.c'], /unknown command/],
    [['add', '--email', 'bad', '--name', 'X', '--role', 'admin'], /'bad' is not a valid email/],
    [['add', '--name', 'X', '--role', 'admin'], /--email <email> is required/],
  ])('refuses %j', async (argv, message) => {
    const attempt = runUserCommand(database.db, argv, io);
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(runUserCommand(database.db, argv, io)).rejects.toThrow(message);
  });
});
