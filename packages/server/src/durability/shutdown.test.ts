// A stop signal under load, delivered twice as a process group and `npm start` deliver it (requests in flight finish with their answers, new connections are refused,
// the database is closed cleanly: the next start needs no recovery), and one process per PGlite
// directory: a second server refuses to start instead of corrupting it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../db/client';
import { clusterState, lockFileOf } from '../db/data-dir-lock';
import { RECOVERY_MESSAGE } from '../plugins/db';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import {
  demoLogin,
  request,
  startServer,
  stopServer,
  type ServerProcess,
} from '../testing/server-process';

jest.setTimeout(180_000);

const IN_FLIGHT = 24;

const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'gudang-shutdown-'));

/** A JSON request through `agent` (its one kept-alive connection); the answer's status. */
function send(
  agent: http.Agent,
  baseUrl: string,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = http.request(
      `${baseUrl}${url}`,
      {
        method,
        agent,
        headers: {
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** Opens a new TCP connection: 'connected', or the error code (ECONNREFUSED). */
function newConnection(baseUrl: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });
}

describe('a stop signal under load', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  }, 60_000);
  afterAll(() => testDatabase.destroy());

  it('answers the requests in flight, refuses new connections and closes the database cleanly', async () => {
    const env = { dataDir: newDataDir(), databaseUrl: testDatabase.url };
    const server = await startServer(env);
    let answers: { resi: string; status: number | string; afterSignal: boolean }[];
    try {
      const token = await demoLogin(server.baseUrl, 'manager');
      const product = await request(server.baseUrl, 'POST', '/api/products', token, {
        barcode_id: 'TERM-BC',
        code: 'TERM-1',
        name: 'Kaos Term',
        initial_stock: 0,
        category: 'Kaos',
        brand: 'Lokal',
      });
      expect(product.status).toBe(201);

      // One kept-alive connection per request, each opened by a request the server answered: a
      // connection still queued in the listening socket when the server stops listening was never
      // the server's to answer, so none is left there.
      const agents = Array.from(
        { length: IN_FLIGHT },
        () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
      );
      for (const agent of agents)
        expect((await send(agent, server.baseUrl, 'GET', '/api/health', null)).status).toBe(200);
      let signalled = false;
      let refusedAfterSignal: string | null = null;
      const write = async (i: number) => {
        const resi = `TERM-${i}`;
        try {
          const answer = await send(
            agents[i] as http.Agent,
            server.baseUrl,
            'POST',
            '/api/incoming-goods',
            token,
            {
              product_code: 'TERM-1',
              product_name: 'Kaos Term',
              category: 'Kaos',
              brand: 'Lokal',
              resi_number: resi,
              quantity: 1,
              platform: 'Shopee',
              date: '2026-11-20',
            },
          );
          const afterSignal = signalled;
          if (!signalled) {
            // The first answer: the others are in the server's hands now. Stop it.
            signalled = true;
            // A closed terminal: the signal reaches the server from its process group and again
            // from `npm start`; one stop, closed cleanly.
            server.child.kill('SIGHUP');
            server.child.kill('SIGHUP');
            // Once it said it is closing, a new connection finds no one listening.
            while (!server.output().includes('SIGHUP received'))
              await new Promise((r) => setTimeout(r, 5));
            refusedAfterSignal = await newConnection(server.baseUrl);
          }
          return { resi, status: answer.status, afterSignal };
        } catch (error) {
          return {
            resi,
            status: (error as NodeJS.ErrnoException).code ?? String(error),
            afterSignal: signalled,
          };
        }
      };
      answers = await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => write(i)));
      for (const agent of agents) agent.destroy();
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(refusedAfterSignal).toBe('ECONNREFUSED');
      expect(server.output()).toContain('closed cleanly');
      // Every request sent before the signal got its answer, also those answered after it.
      expect(answers.filter((a) => a.status !== 201)).toEqual([]);
      expect(answers.filter((a) => a.afterSignal).length).toBeGreaterThan(0);
    } finally {
      await stopServer(server, 'SIGKILL');
    }

    if (testDatabase.url === null)
      expect(clusterState(path.join(env.dataDir, 'pglite'))).toBe('shut down');
    const next = await startServer(env);
    try {
      expect(next.output()).not.toContain(RECOVERY_MESSAGE);
      expect(next.output()).not.toContain('lock of pid');
    } finally {
      expect(await stopServer(next)).toEqual({ code: 0, signal: null });
    }

    // Every answered write is stored.
    const database: Database =
      testDatabase.url === null
        ? await createDatabase({ databaseUrl: null, pgliteDir: path.join(env.dataDir, 'pglite') })
        : testDatabase;
    try {
      const rows = await database.db.execute<{ resi_number: string }>(
        sql`select resi_number from incoming_goods where resi_number like 'TERM-%' order by resi_number`,
      );
      expect(rows.rows.map((row) => row.resi_number).sort()).toEqual(
        answers.map((a) => a.resi).sort(),
      );
    } finally {
      if (database !== testDatabase) await database.close();
    }
  });
});

describe('one process per PGlite directory', () => {
  let first: ServerProcess | null = null;
  afterEach(async () => {
    if (first !== null) await stopServer(first, 'SIGKILL');
    first = null;
  });

  it('refuses a second server on the same directory with a clear message, leaving it intact', async () => {
    const env = { dataDir: newDataDir(), databaseUrl: null };
    first = await startServer(env);
    const token = await demoLogin(first.baseUrl, 'manager');

    const second = await startServer(env).then(
      (server) => stopServer(server).then(() => 'started'),
      (error: Error) => error.message,
    );
    expect(second).toContain('the server ended (code 1');
    expect(second).toContain(
      `is in use by another Gudang process (pid ${first.pid}). PGlite allows one process at a time`,
    );
    // The first one still serves, its lock in place.
    const health = await request(first.baseUrl, 'GET', '/api/products?limit=1', token);
    expect(health.status).toBe(200);
    expect(await stopServer(first)).toEqual({ code: 0, signal: null });
    first = null;
  });

  it('takes over a lock whose process is gone, and a half-written one', async () => {
    const env = { dataDir: newDataDir(), databaseUrl: null };
    const lock = lockFileOf(path.join(env.dataDir, 'pglite'));
    // A pid no process has (above the kernel's pid_max).
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 30, boot: null }));
    first = await startServer(env);
    expect(first.output()).toContain(`lock of pid ${2 ** 30}`);
    expect(await stopServer(first)).toEqual({ code: 0, signal: null });

    writeFileSync(lock, '{"pi');
    first = await startServer(env);
    expect(await stopServer(first)).toEqual({ code: 0, signal: null });
    first = null;
  });
});
