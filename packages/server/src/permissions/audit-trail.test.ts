// The audit trail (issue 14): every write route of the rules table (every method but GET) writes
// its activity-log entry in the same transaction as its change. For each: a refused write leaves
// no entry and no change; with the log table made to refuse new rows, the write fails and its
// change is rolled back with it (the entry and the change are one transaction); a committed write
// leaves exactly one entry, of its action, by its caller. A write route without a case fails.
import { API_RULES, type ActivityAction, type ApiRouteKey } from '@gudang/api-client/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  INCOMING,
  OUTGOING,
  insertProduct,
  setupTestServer,
  type TestProduct,
} from '../modules/stock-movements/test-fixtures';

const server = setupTestServer();

interface Call {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
  /** Signed in as the manager unless false. */
  signedIn?: boolean;
}

interface AuditCase {
  action: ActivityAction;
  /** Prepares what the write needs (it may write) and returns the write. */
  valid(): Promise<Call>;
  /** A write the route refuses after it started its work (4xx); null when there is none. */
  refused(): Promise<Call> | null;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

const productBody = (code: string, name = 'Kaos Audit') => ({
  barcode_id: `${code}-BC`,
  code,
  name,
  initial_stock: 20,
  category: 'Kaos',
  brand: 'Lokal',
});

const damagedBody = (product: TestProduct) => ({
  barcode_id: product.barcodeId,
  code: product.code,
  name: product.name,
  stock: 1,
  category: 'Kaos',
  brand: 'Lokal',
  damage_reason: 'Sobek',
  date: '2026-11-20',
});

const orderBody = (product: TestProduct) => ({
  date: '2026-11-20',
  product_code: product.code,
  quantity: 3,
  price: 12500.5,
  resi_number: unique('ORD-AUDIT'),
  bank: 'BCA',
});

const product = (stock = 50) => insertProduct(server.database, { stock, code: unique('AUDIT') });

/** Creates a record through the API as the manager; its id. */
async function created(url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await server.call('POST', url, server.actors.managerToken, payload);
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
  return (response.json() as { data: { id: number } }).data.id;
}

const MISSING_ID = 999_999;

/** One case per write route of API_RULES (adding a write route adds its case here). */
const CASES: Partial<Record<ApiRouteKey, AuditCase>> = {
  'POST /api/auth/login': {
    action: 'LOGIN',
    valid: async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: server.actors.manager.email, password: server.actors.manager.password },
      signedIn: false,
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: server.actors.manager.email, password: 'salah-sandi' },
      signedIn: false,
    }),
  },
  'POST /api/utils/recalculate-stock': {
    action: 'RECALCULATE_STOCK',
    valid: async () => ({ method: 'POST', url: '/api/utils/recalculate-stock' }),
    refused: () => null,
  },
  'POST /api/products': {
    action: 'CREATE_PRODUCT',
    valid: async () => ({
      method: 'POST',
      url: '/api/products',
      payload: productBody(unique('NEW')),
    }),
    refused: async () => {
      const taken = await product();
      return {
        method: 'POST',
        url: '/api/products',
        payload: { ...productBody(taken.code), barcode_id: unique('BC') },
      };
    },
  },
  'PUT /api/products/:id': {
    action: 'UPDATE_PRODUCT',
    valid: async () => {
      const p = await product();
      return {
        method: 'PUT',
        url: `/api/products/${p.id}`,
        payload: { ...productBody(p.code, 'Nama Baru'), barcode_id: p.barcodeId },
      };
    },
    refused: async () => {
      const [p, other] = [await product(), await product()];
      return {
        method: 'PUT',
        url: `/api/products/${p.id}`,
        payload: { ...productBody(other.code), barcode_id: p.barcodeId },
      };
    },
  },
  'DELETE /api/products/:id': {
    action: 'DELETE_PRODUCT',
    valid: async () => ({ method: 'DELETE', url: `/api/products/${(await product(0)).id}` }),
    refused: async () => {
      const p = await product();
      await created(INCOMING.url, INCOMING.body(p));
      return { method: 'DELETE', url: `/api/products/${p.id}` };
    },
  },
  'POST /api/incoming-goods': {
    action: 'INCOMING_GOODS',
    valid: async () => ({
      method: 'POST',
      url: INCOMING.url,
      payload: INCOMING.body(await product()),
    }),
    refused: async () => {
      const body = INCOMING.body(await product());
      await created(INCOMING.url, body);
      return { method: 'POST', url: INCOMING.url, payload: body };
    },
  },
  'PUT /api/incoming-goods/:id': {
    action: 'UPDATE_INCOMING_GOODS',
    valid: async () => {
      const body = INCOMING.body(await product());
      const id = await created(INCOMING.url, body);
      return { method: 'PUT', url: `${INCOMING.url}/${id}`, payload: { ...body, quantity: 9 } };
    },
    refused: async () => ({
      method: 'PUT',
      url: `${INCOMING.url}/${MISSING_ID}`,
      payload: INCOMING.body(await product()),
    }),
  },
  'DELETE /api/incoming-goods/:id': {
    action: 'DELETE_INCOMING_GOODS',
    valid: async () => ({
      method: 'DELETE',
      url: `${INCOMING.url}/${await created(INCOMING.url, INCOMING.body(await product()))}`,
    }),
    refused: async () => {
      // Deleting it would take the stock below zero.
      const p = await product(0);
      const id = await created(INCOMING.url, INCOMING.body(p, { quantity: 3 }));
      await created(OUTGOING.url, OUTGOING.body(p, { quantity: 3 }));
      return { method: 'DELETE', url: `${INCOMING.url}/${id}` };
    },
  },
  'POST /api/outgoing-goods': {
    action: 'OUTGOING_GOODS',
    valid: async () => ({
      method: 'POST',
      url: OUTGOING.url,
      payload: OUTGOING.body(await product()),
    }),
    refused: async () => ({
      method: 'POST',
      url: OUTGOING.url,
      payload: OUTGOING.body(await product(2), { quantity: 3 }),
    }),
  },
  'PUT /api/outgoing-goods/:id': {
    action: 'UPDATE_OUTGOING_GOODS',
    valid: async () => {
      const body = OUTGOING.body(await product());
      const id = await created(OUTGOING.url, body);
      return { method: 'PUT', url: `${OUTGOING.url}/${id}`, payload: { ...body, quantity: 4 } };
    },
    refused: async () => {
      const body = OUTGOING.body(await product(2));
      const id = await created(OUTGOING.url, body);
      return { method: 'PUT', url: `${OUTGOING.url}/${id}`, payload: { ...body, quantity: 5 } };
    },
  },
  'DELETE /api/outgoing-goods/:id': {
    action: 'DELETE_OUTGOING_GOODS',
    valid: async () => ({
      method: 'DELETE',
      url: `${OUTGOING.url}/${await created(OUTGOING.url, OUTGOING.body(await product()))}`,
    }),
    refused: async () => ({ method: 'DELETE', url: `${OUTGOING.url}/${MISSING_ID}` }),
  },
  'POST /api/damaged-goods': {
    action: 'DAMAGED_GOODS',
    valid: async () => ({
      method: 'POST',
      url: '/api/damaged-goods',
      payload: damagedBody(await product()),
    }),
    refused: () => null,
  },
  'PUT /api/damaged-goods/:id': {
    action: 'UPDATE_DAMAGED_GOODS',
    valid: async () => {
      const body = damagedBody(await product());
      const id = await created('/api/damaged-goods', body);
      return { method: 'PUT', url: `/api/damaged-goods/${id}`, payload: { ...body, stock: 2 } };
    },
    refused: async () => ({
      method: 'PUT',
      url: `/api/damaged-goods/${MISSING_ID}`,
      payload: damagedBody(await product()),
    }),
  },
  'DELETE /api/damaged-goods/:id': {
    action: 'DELETE_DAMAGED_GOODS',
    valid: async () => ({
      method: 'DELETE',
      url: `/api/damaged-goods/${await created('/api/damaged-goods', damagedBody(await product()))}`,
    }),
    refused: async () => ({ method: 'DELETE', url: `/api/damaged-goods/${MISSING_ID}` }),
  },
  'POST /api/barcode/generate': {
    action: 'GENERATE_BARCODE',
    valid: async () => ({
      method: 'POST',
      url: '/api/barcode/generate',
      payload: { product_code: (await product()).code },
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/barcode/generate',
      payload: { product_code: 'TIDAK-ADA' },
    }),
  },
  'POST /api/orders': {
    action: 'CREATE_ORDER',
    valid: async () => ({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(await product()),
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/orders',
      payload: { ...orderBody(await product()), product_code: 'TIDAK-ADA' },
    }),
  },
  'PUT /api/orders/:id': {
    action: 'UPDATE_ORDER',
    valid: async () => {
      const body = orderBody(await product());
      const id = await created('/api/orders', body);
      return { method: 'PUT', url: `/api/orders/${id}`, payload: { ...body, quantity: 7 } };
    },
    refused: async () => ({
      method: 'PUT',
      url: `/api/orders/${MISSING_ID}`,
      payload: orderBody(await product()),
    }),
  },
  'DELETE /api/orders/:id': {
    action: 'DELETE_ORDER',
    valid: async () => ({
      method: 'DELETE',
      url: `/api/orders/${await created('/api/orders', orderBody(await product()))}`,
    }),
    refused: async () => ({ method: 'DELETE', url: `/api/orders/${MISSING_ID}` }),
  },
  'POST /api/orders/from-restock': {
    action: 'CREATE_ORDER',
    valid: async () => ({
      method: 'POST',
      url: '/api/orders/from-restock',
      payload: { items: [{ product_code: (await product()).code, quantity: 4, price: 2500 }] },
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/orders/from-restock',
      payload: {
        items: [
          { product_code: (await product()).code, quantity: 4, price: 2500 },
          { product_code: 'TIDAK-ADA', quantity: 1, price: 0 },
        ],
      },
    }),
  },
  'PUT /api/settings': {
    action: 'UPDATE_SETTINGS',
    valid: async () => ({ method: 'PUT', url: '/api/settings', payload: { targetStockDays: 21 } }),
    refused: async () => ({
      method: 'PUT',
      url: '/api/settings',
      payload: { targetStockDays: 0 },
    }),
  },
  'POST /api/pembukuan': {
    action: 'UPDATE_PEMBUKUAN',
    valid: async () => ({
      method: 'POST',
      url: '/api/pembukuan',
      payload: {
        outgoing_goods_id: await created(OUTGOING.url, OUTGOING.body(await product())),
        purchase_price: 1000,
        selling_price: 1500.5,
        discount: 100,
      },
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/pembukuan',
      payload: { outgoing_goods_id: MISSING_ID, purchase_price: 1000, selling_price: 1500 },
    }),
  },
};

const WRITE_ROUTES = (Object.keys(API_RULES) as ApiRouteKey[]).filter(
  (key) => !key.startsWith('GET '),
);

/** Every row of every public table: what a write that did not happen must leave as it was. */
async function everything(): Promise<Record<string, string[]>> {
  const { rows: tables } = await server.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await server.database.db.execute<{ row: string }>(
      sql.raw(`select to_jsonb(t)::text as row from "${name}" t`),
    );
    result[name] = rows.map((r) => r.row).sort();
  }
  return result;
}

async function newLogs(afterId: number) {
  const { rows } = await server.database.db.execute<{ action: string; user_email: string }>(
    sql`select action, user_email from activity_logs where id > ${afterId} order by id`,
  );
  return rows;
}

async function lastLogId(): Promise<number> {
  const { rows } = await server.database.db.execute<{ id: number | null }>(
    sql`select max(id) as id from activity_logs`,
  );
  return Number(rows[0]?.id ?? 0);
}

const send = (call: Call) => {
  const options: InjectOptions = {
    method: call.method,
    url: call.url,
    headers:
      call.signedIn === false ? {} : { authorization: `Bearer ${server.actors.managerToken}` },
  };
  if (call.payload !== undefined) options.payload = call.payload;
  return server.app.inject(options);
};

describe('the audit trail', () => {
  it('has a case for every write route of the rules table', () => {
    expect(WRITE_ROUTES.length).toBeGreaterThan(10);
    expect(WRITE_ROUTES.filter((key) => CASES[key] === undefined)).toEqual([]);
    expect(Object.keys(CASES).filter((key) => !WRITE_ROUTES.includes(key as ApiRouteKey))).toEqual(
      [],
    );
  });

  it.each(WRITE_ROUTES.filter((key) => CASES[key] !== undefined))(
    '%s: no entry without its change, none with a refusal, one with each committed write',
    async (key) => {
      const audit = CASES[key] as AuditCase;
      const valid = await audit.valid();
      const refused = await audit.refused();

      const before = await everything();
      if (refused !== null) {
        const response = await send(refused);
        expect({ status: response.statusCode >= 400 && response.statusCode < 500 }).toEqual({
          status: true,
        });
        expect(await everything()).toEqual(before);
      }

      // The log refuses new rows: the write fails, and its change goes with it.
      await server.database.db.execute(
        sql`alter table activity_logs add constraint audit_trail_test check (false) not valid`,
      );
      try {
        const response = await send(valid);
        // (The error handler answers a violated check constraint with 400.)
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      } finally {
        await server.database.db.execute(
          sql`alter table activity_logs drop constraint audit_trail_test`,
        );
      }
      expect(await everything()).toEqual(before);

      const since = await lastLogId();
      const response = await send(valid);
      expect({ committed: response.statusCode < 300, body: response.body }).toMatchObject({
        committed: true,
      });
      expect(await newLogs(since)).toEqual([
        { action: audit.action, user_email: server.actors.manager.email },
      ]);
    },
  );
});
