// WORKERS (cluster.ts): the real server started with two workers on PostgreSQL answers from both,
// shares the sign-in lock between them, replaces a worker that dies and closes cleanly on SIGTERM;
// on PGlite more than one worker is refused at start.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { workerCount } from './cluster';
import { ConfigError, parseEnv } from './config';
import { accountLockedMessage } from './modules/auth/routes';
import { spawnServer, startServer, stopServer, type ServerProcess } from './testing/server-process';
import { createTestDatabase, type TestDatabase } from './testing/test-app';

const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'gudang-cluster-'));

/**
 * One request on a connection of its own (the cluster hands connections out in turn), or on
 * `agent`'s kept-alive one (always the same worker).
 */
function call(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  agent?: http.Agent,
  token?: string,
): Promise<{ status: number; worker: string | undefined; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${baseUrl}${url}`,
      {
        method,
        agent: agent ?? false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const worker = response.headers['x-worker'];
          resolve({
            status: response.statusCode ?? 0,
            worker: typeof worker === 'string' ? worker : undefined,
            body: text === '' ? null : (JSON.parse(text) as unknown),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('workerCount', () => {
  // WORKERS decoded through the environment schema, as main.ts does (loadConfig).
  const count = (env: Record<string, string>, cores: number) => workerCount(parseEnv(env), cores);
  const local = 'postgres://x@127.0.0.1/db';
  const remote = 'postgres://x@db.internal:5432/db';

  it('takes WORKERS when set; refuses WORKERS above 1 on PGlite', () => {
    expect(count({ DATABASE_URL: local, WORKERS: '2' }, 4)).toBe(2);
    expect(count({ DATABASE_URL: remote, WORKERS: ' 8 ' }, 2)).toBe(8);
    expect(count({ WORKERS: '1' }, 4)).toBe(1);
    expect(() => count({ WORKERS: '2' }, 4)).toThrow(ConfigError);
    expect(() => count({ WORKERS: '2' }, 4)).toThrow(/WORKERS=2 needs DATABASE_URL/);
  });

  it.each([
    ['PGlite', undefined, 16, 1],
    ['PGlite, 1 core', undefined, 1, 1],
    ['PostgreSQL on 127.0.0.1', local, 2, 1],
    ['PostgreSQL on 127.0.0.1', local, 4, 2],
    ['PostgreSQL on 127.0.0.1', local, 16, 8],
    ['PostgreSQL on 127.0.0.1, 1 core', local, 1, 1],
    ['PostgreSQL on 127.0.0.1, 3 cores', local, 3, 1],
    ['PostgreSQL on localhost', 'postgres://x@LocalHost:5432/db', 8, 4],
    ['PostgreSQL on ::1', 'postgres://x@[::1]:5432/db', 8, 4],
    [
      'PostgreSQL on a unix socket (host in the URL)',
      'postgres://%2Fvar%2Frun%2Fpostgresql/db',
      8,
      4,
    ],
    ['PostgreSQL on a unix socket (?host=)', 'postgres://x@db.internal/db?host=/tmp', 8, 4],
    ['PostgreSQL with no host (localhost)', 'postgres:///db', 8, 4],
    ['PostgreSQL elsewhere', remote, 8, 8],
    ['PostgreSQL elsewhere, 2 cores', remote, 2, 2],
    ['PostgreSQL elsewhere, 1 core', 'postgresql://x@10.0.0.5/db', 1, 1],
    [
      'PostgreSQL elsewhere (127.0.0.1 is only a name here)',
      'postgres://x@127.0.0.1.example/db',
      4,
      4,
    ],
  ])('by default: %s, DATABASE_URL %s, %i cores -> %i workers', (_what, url, cores, expected) => {
    expect(count(url === undefined ? {} : { DATABASE_URL: url }, cores)).toBe(expected);
    // Set blank, WORKERS counts as unset.
    expect(
      count({ ...(url === undefined ? {} : { DATABASE_URL: url }), WORKERS: ' ' }, cores),
    ).toBe(expected);
  });

  it.each(['dua', '0', '-1', '257', '1.5', '2e1', '0x4', '+2', '4 workers'])(
    'stops the start on WORKERS=%j, naming it, before any worker count',
    (value) => {
      const env = { DATABASE_URL: local, WORKERS: value };
      expect(() => parseEnv(env)).toThrow(ConfigError);
      expect(() => parseEnv(env)).toThrow(
        `WORKERS must be a whole number from 1 to 256 (got "${value.trim()}")`,
      );
    },
  );

  it('the server on PGlite with WORKERS=2 stops at start with the reason', async () => {
    const { process: server, ready } = spawnServer({
      dataDir: newDataDir(),
      databaseUrl: null,
      extra: { WORKERS: '2' },
    });
    await expect(ready).rejects.toThrow(/WORKERS=2 needs DATABASE_URL/);
    expect((await server.exited).code).toBe(1);
  }, 60_000);
});

// Several processes on one database need a PostgreSQL server: with DATABASE_URL only.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('WORKERS=2 on PostgreSQL (needs DATABASE_URL)', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({
      dataDir: newDataDir(),
      databaseUrl: database.url,
      extra: { WORKERS: '2' },
    });
  }, 120_000);

  afterAll(async () => {
    if (server !== undefined) await stopServer(server, 'SIGKILL');
    await database?.destroy();
  });

  async function waitForOutput(pattern: RegExp): Promise<void> {
    const until = Date.now() + 30_000;
    while (!pattern.test(server.output())) {
      if (Date.now() > until) throw new Error(`no ${pattern} in:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The workers that answered `count` health checks. */
  async function workersAnswering(count: number): Promise<Set<string>> {
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const answer = await call(server.baseUrl, 'GET', '/api/health');
      expect(answer.status).toBe(200);
      if (answer.worker !== undefined) seen.add(answer.worker);
    }
    return seen;
  }

  it('answers from two worker processes on one port', async () => {
    const workers = await workersAnswering(10);
    expect(workers.size).toBe(2);
    expect(workers.has(String(server.pid))).toBe(false);
  }, 60_000);

  it('shares the sign-in lock: failures answered by both workers lock the account on both', async () => {
    const failures: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await call(server.baseUrl, 'POST', '/api/auth/login', {
        email: 'admin@gudang.test',
        password: 'salah',
      });
      expect(answer.status).toBe(401);
      failures.push(answer.worker);
    }
    // The five failures were counted by two processes.
    expect(new Set(failures).size).toBe(2);
    const locked = new Set<string | undefined>();
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await call(server.baseUrl, 'POST', '/api/auth/login', {
        email: 'admin@gudang.test',
        password: 'admin123',
      });
      expect(answer).toMatchObject({
        status: 429,
        body: { message: accountLockedMessage(15) },
      });
      locked.add(answer.worker);
    }
    expect(locked.size).toBe(2);
  }, 60_000);

  it('a logout (and logout-all) ends the token in every worker before it answers', async () => {
    // One kept-alive connection to each worker, opened before the logout: a request on it right
    // after the logout's answer reaches that worker with no connection to set up.
    const agents = new Map<string, http.Agent>();
    for (let tries = 0; agents.size < 2 && tries < 20; tries++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const answer = await call(server.baseUrl, 'GET', '/api/health', undefined, agent);
      if (answer.worker !== undefined && !agents.has(answer.worker))
        agents.set(answer.worker, agent);
      else agent.destroy();
    }
    expect(agents.size).toBe(2);
    try {
      const late: string[] = [];
      for (let round = 0; round < 25; round++) {
        const login = await call(server.baseUrl, 'POST', '/api/auth/login', {
          email: 'manager@gudang.test',
          password: 'manager123',
        });
        expect(login.status).toBe(200);
        const { token } = login.body as { token: string };
        // Each worker has the account kept in memory.
        for (const agent of agents.values())
          expect(
            (await call(server.baseUrl, 'GET', '/api/auth/verify', undefined, agent, token)).status,
          ).toBe(200);
        // 'Keluar dari semua perangkat' every other round.
        const logout = await call(
          server.baseUrl,
          'POST',
          round % 2 === 0 ? '/api/auth/logout' : '/api/auth/logout-all',
          undefined,
          undefined,
          token,
        );
        expect(logout.status).toBe(204);
        const after = await Promise.all(
          [...agents.values()].map((agent) =>
            call(server.baseUrl, 'GET', '/api/auth/verify', undefined, agent, token),
          ),
        );
        for (const answer of after)
          if (answer.status !== 401)
            late.push(`round ${round}: ${answer.status} from ${answer.worker}`);
      }
      expect(late).toEqual([]);
    } finally {
      for (const agent of agents.values()) agent.destroy();
    }
  }, 120_000);

  it('replaces a worker that dies, with a log line', async () => {
    const [victim] = [...(await workersAnswering(4))];
    process.kill(Number(victim), 'SIGKILL');
    // The primary's line, then its line for the new worker.
    await waitForOutput(
      new RegExp(
        `worker ${victim} ended \\(signal SIGKILL\\): starting another[\\s\\S]*\\[cluster\\] worker \\d+ listening`,
      ),
    );
    const workers = await workersAnswering(10);
    expect(workers.size).toBe(2);
    expect(workers.has(String(victim))).toBe(false);
  }, 60_000);

  it('closes every worker cleanly on SIGTERM to the primary', async () => {
    const ended = await stopServer(server, 'SIGTERM');
    expect(ended).toEqual({ code: 0, signal: null });
    const output = server.output();
    expect(output).toMatch(/\[cluster\] SIGTERM received: closing 2 workers/);
    expect(output.match(/\[cluster\] worker \d+ closed \(code 0\)/g)).toHaveLength(2);
    expect(output).toMatch(/\[cluster\] closed cleanly/);
  }, 60_000);
});
