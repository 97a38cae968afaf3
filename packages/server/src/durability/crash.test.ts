// Crashes lose nothing acknowledged: the real server, as a child process, is killed with
// SIGKILL in the middle of a stream of writes and started again on the same data (the PGlite
// directory, or the same PostgreSQL database with DATABASE_URL). Every write answered 2xx is
// there, none answered 4xx is, and current = initial + incoming - outgoing for every product.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../db/client';
import { RECOVERY_MESSAGE } from '../plugins/db';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import {
  demoLogin,
  request,
  startServer,
  stopServer,
  type ServerProcess,
} from '../testing/server-process';
import { productBody } from '../testing/fixtures';

jest.setTimeout(180_000);

const WORKERS = 4;
const PRODUCTS = 4;
const TODAY = '2026-11-20';

type Kind = 'incoming' | 'outgoing';
/** What a record (or a product's name) is after an operation: a quantity/name, or gone. */
type State = number | string | 'absent';

interface Operation {
  key: string;
  /** The record's state if the operation took effect. */
  after: State;
  /** HTTP status, or 'lost': the connection died with the process (it may or may not have committed). */
  status: number | 'lost';
  expectRefusal?: boolean;
}

interface Product {
  id: number;
  code: string;
  barcode: string;
  name: string;
}

const crashProduct = (code: string, name: string) =>
  productBody(code, { name, initial_stock: 500 });

function movementBody(kind: Kind, product: Product, resi: string, quantity: number) {
  const common = {
    product_code: product.code,
    product_name: product.name,
    category: 'Kaos',
    brand: 'Lokal',
    resi_number: resi,
    quantity,
    date: TODAY,
  };
  return kind === 'incoming'
    ? { ...common, platform: 'Shopee' }
    : { ...common, barcode: product.barcode };
}

const urlOf = (kind: Kind) => (kind === 'incoming' ? '/api/incoming-goods' : '/api/outgoing-goods');
const random = (n: number) => Math.floor(Math.random() * n);

/** Writes as the manager until `stop()` says so; every operation and its answer is recorded. */
async function writeStream(
  server: ServerProcess,
  token: string,
  products: Product[],
  stopAfter: number,
): Promise<{ operations: Operation[]; acknowledged: number }> {
  const operations: Operation[] = [];
  let acknowledged = 0;
  let killed = false;

  const send = async (
    operation: Omit<Operation, 'status'>,
    method: string,
    url: string,
    body?: unknown,
  ) => {
    const entry: Operation = { ...operation, status: 'lost' };
    operations.push(entry);
    try {
      const answer = await request(server.baseUrl, method, url, token, body);
      entry.status = answer.status;
      if (answer.status < 300) acknowledged += 1;
      if (acknowledged >= stopAfter && !killed) {
        killed = true;
        server.child.kill('SIGKILL');
      }
      return answer;
    } catch {
      return null; // the process is gone: this one stays 'lost', the worker stops
    }
  };

  const worker = async (w: number) => {
    const mine: { kind: Kind; id: number; key: string; product: Product; resi: string }[] = [];
    const product = products[w] as Product;
    for (let n = 0; !killed; n++) {
      const roll = random(100);
      const target = products[random(products.length)] as Product;
      if (roll < 35 || (roll < 75 && mine.length === 0)) {
        const kind: Kind = roll % 2 === 0 ? 'incoming' : 'outgoing';
        const resi = `CR-${w}-${n}-${kind.slice(0, 2)}`;
        const quantity = 1 + random(5);
        const answer = await send(
          { key: `${kind}:${resi}`, after: quantity },
          'POST',
          urlOf(kind),
          movementBody(kind, target, resi, quantity),
        );
        if (answer === null) return;
        if (answer.status === 201) {
          const id = (answer.body as { data: { id: number } }).data.id;
          mine.push({ kind, id, key: `${kind}:${resi}`, product: target, resi });
        }
      } else if (roll < 45) {
        // More than any stock: refused inside the write's transaction.
        const resi = `CR-${w}-${n}-big`;
        const answer = await send(
          { key: `outgoing:${resi}`, after: 100_000, expectRefusal: true },
          'POST',
          urlOf('outgoing'),
          movementBody('outgoing', target, resi, 100_000),
        );
        if (answer === null) return;
      } else if (roll < 65) {
        const record = mine[random(mine.length)];
        if (record === undefined) continue;
        const quantity = 1 + random(9);
        const answer = await send(
          { key: record.key, after: quantity },
          'PUT',
          `${urlOf(record.kind)}/${record.id}`,
          movementBody(record.kind, record.product, record.resi, quantity),
        );
        if (answer === null) return;
      } else if (roll < 80) {
        const index = random(mine.length);
        const record = mine[index];
        if (record === undefined) continue;
        const answer = await send(
          { key: record.key, after: 'absent' },
          'DELETE',
          `${urlOf(record.kind)}/${record.id}`,
        );
        if (answer === null) return;
        if (answer.status === 200) mine.splice(index, 1);
      } else {
        const name = `Kaos Crash ${w} v${n}`;
        const answer = await send(
          { key: `product:${product.code}`, after: name },
          'PUT',
          `/api/products/${product.id}`,
          crashProduct(product.code, name),
        );
        if (answer === null) return;
        if (answer.status === 200) product.name = name;
      }
    }
  };

  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return { operations, acknowledged };
}

/** The states a record may be in: a lost operation may or may not have committed. */
function allowedStates(operations: Operation[], initial: State): Map<string, Set<State>> {
  const allowed = new Map<string, Set<State>>();
  for (const operation of operations) {
    const current = allowed.get(operation.key) ?? new Set<State>([initial]);
    if (operation.status === 'lost') current.add(operation.after);
    else if (operation.status < 300) {
      current.clear();
      current.add(operation.after);
    }
    allowed.set(operation.key, current);
  }
  return allowed;
}

async function actualStates(database: Database): Promise<Map<string, State>> {
  const rows = (
    await database.db.execute<{ key: string; state: string }>(sql`
      select 'incoming:' || resi_number as key, quantity::text as state from incoming_goods
      where resi_number like 'CR-%'
      union all
      select 'outgoing:' || resi_number, quantity::text from outgoing_goods
      where resi_number like 'CR-%'
      union all
      select 'product:' || code, name from products where code like 'CRASH-%'`)
  ).rows;
  return new Map(
    rows.map((row) => [row.key, row.key.startsWith('product:') ? row.state : Number(row.state)]),
  );
}

async function inconsistentProducts(database: Database) {
  const result = await database.db.execute<{ id: number }>(sql`
    select p.id from products p
    where p.current_stock <> p.initial_stock
      + coalesce((select sum(quantity) from incoming_goods where product_id = p.id), 0)
      - coalesce((select sum(quantity) from outgoing_goods where product_id = p.id), 0)`);
  return result.rows;
}

describe('SIGKILL in the middle of a stream of writes', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'gudang-crash-'));
  }, 60_000);

  afterAll(() => testDatabase.destroy());

  it('loses no acknowledged write and keeps no refused one', async () => {
    const env = { dataDir, databaseUrl: testDatabase.url };
    const first = await startServer(env);
    let operations: Operation[];
    let acknowledged: number;
    const products: Product[] = [];
    try {
      const token = await demoLogin(first.baseUrl, 'manager');
      for (let i = 1; i <= PRODUCTS; i++) {
        const code = `CRASH-${i}`;
        const created = await request(
          first.baseUrl,
          'POST',
          '/api/products',
          token,
          crashProduct(code, `Kaos Crash ${i}`),
        );
        expect(created.status).toBe(201);
        const { id } = (created.body as { data: { id: number } }).data;
        products.push({ id, code, barcode: `${code}-BC`, name: `Kaos Crash ${i}` });
      }
      const names = new Map(products.map((p) => [`product:${p.code}`, p.name]));
      ({ operations, acknowledged } = await writeStream(first, token, products, 40 + random(40)));
      const killed = await first.exited;
      expect(killed.signal).toBe('SIGKILL');

      // The stream was cut mid-way: requests were in flight when the process died.
      expect(operations.filter((o) => o.status === 'lost').length).toBeGreaterThan(0);
      expect(acknowledged).toBeGreaterThanOrEqual(40);
      // Nothing but the deliberate refusals was refused, and nothing failed.
      const answered = operations.filter((o) => o.status !== 'lost');
      expect(answered.filter((o) => (o.status as number) >= 500)).toEqual([]);
      for (const o of answered)
        expect({ key: o.key, refused: (o.status as number) >= 400 }).toEqual({
          key: o.key,
          refused: o.expectRefusal === true,
        });

      // Started again on the same data: it recovers by itself and serves.
      const second = await startServer(env);
      try {
        if (testDatabase.url === null) {
          expect(second.output()).toContain(RECOVERY_MESSAGE);
          expect(second.output()).toContain(`lock of pid ${first.pid}`);
        }
        const again = await demoLogin(second.baseUrl, 'manager');
        const list = await request(second.baseUrl, 'GET', '/api/products?search=CRASH', again);
        expect(list.status).toBe(200);
      } finally {
        expect(await stopServer(second)).toEqual({ code: 0, signal: null });
      }

      const database =
        testDatabase.url === null
          ? await createDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') })
          : testDatabase;
      try {
        const actual = await actualStates(database);
        const allowed = allowedStates(operations, 'absent');
        const wrong: string[] = [];
        for (const [key, states] of allowed) {
          const initial = names.get(key);
          const state = actual.get(key) ?? 'absent';
          const accepted = new Set(states);
          // A product's name starts as created, not absent.
          if (initial !== undefined && accepted.has('absent')) {
            accepted.delete('absent');
            accepted.add(initial);
          }
          if (!accepted.has(state))
            wrong.push(`${key}: ${String(state)} not in ${[...accepted].join('|')}`);
        }
        expect(wrong).toEqual([]);
        // No record appeared that no request asked for.
        expect([...actual.keys()].filter((key) => !allowed.has(key) && !names.has(key))).toEqual(
          [],
        );
        expect(await inconsistentProducts(database)).toEqual([]);
      } finally {
        if (database !== testDatabase) await database.close();
      }
    } finally {
      await stopServer(first, 'SIGKILL');
    }
  });
});
