// A big order import written in batches (issue 41; docs/adr/0026; migration 0050): its new
// orders hidden until the final step, other requests answered between batches, all or nothing
// when a batch fails, overlapping imports at once, states changed between batches, and what a
// crash leaves undone at start. Small batches (4 orders) stand for the 2,000 of a real file.
import type { MarketplaceImport } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { setupTestServer } from '../../testing/fixtures';
import { csv, SHOPEE_HEADERS_48 } from './fixtures/fixture-files';
import { discardPendingImports } from '../../db/pending-imports';
import { commitPreview, type CommitOptions } from './imports';
import { seedCatalog, upload } from './test-helpers';

// Several uploads and commits a test, each batch a transaction: slow on a loaded machine.
jest.setTimeout(60_000);

const server = setupTestServer();

beforeAll(async () => {
  await seedCatalog(server);
});

const shopeeRow = (order: string, fields: Record<string, string> = {}) => ({
  'No. Pesanan': order,
  'Status Pesanan': 'Perlu Dikirim',
  'No. Resi': `RESI-${order}`,
  'Waktu Pesanan Dibuat': '2026-08-01 10:00',
  'Nama Produk': 'Kaos',
  'Nomor Referensi SKU': 'KAOS-HITAM-M',
  Jumlah: '1',
  ...fields,
});

const orderNumbers = (prefix: string, from: number, to: number) =>
  Array.from(
    { length: to - from + 1 },
    (_, at) => `${prefix}-${String(from + at).padStart(4, '0')}`,
  );

/** A preview of a Shopee file of the orders, one line each (`fields` per order number). */
async function preview(
  numbers: readonly string[],
  fields: Record<string, Record<string, string>> = {},
): Promise<MarketplaceImport> {
  const rows = numbers.map((number) => shopeeRow(number, fields[number]));
  const data = csv([
    [...SHOPEE_HEADERS_48],
    ...rows.map((row) => SHOPEE_HEADERS_48.map((h) => (row as Record<string, string>)[h] ?? '')),
  ]);
  const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
    name: 'besar.csv',
    data,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as MarketplaceImport;
}

const commit = (id: number, options: CommitOptions = {}) =>
  commitPreview(
    server.database.db,
    id,
    true,
    {
      id: server.actors.manager.id,
      name: server.actors.manager.name,
      email: server.actors.manager.email,
    },
    { batchOrders: 4, separateBatches: true, ...options },
  );

async function one(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: unknown }>(query);
  return Number(rows[0]?.n ?? 0);
}

/** Orders of the prefix: in the table (hidden or not), and seen through the view. */
const inTable = (prefix: string) =>
  one(
    sql`select count(*) as n from marketplace_orders_all where order_number like ${`${prefix}-%`}`,
  );
const seen = (prefix: string) =>
  one(sql`select count(*) as n from marketplace_orders where order_number like ${`${prefix}-%`}`);
const linesSeen = (prefix: string) =>
  one(sql`select count(*) as n from marketplace_order_lines l
           join marketplace_orders_all o on o.id = l.order_id
          where o.order_number like ${`${prefix}-%`}`);
const reserved = () => one(sql`select coalesce(sum(quantity), 0) as n from reserved_lines(null)`);
const reservedOfKaos = () =>
  one(sql`select coalesce(sum(r.quantity), 0) as n
            from reserved_lines(array(select id from products where code = 'KAOS-HITAM-M')) r`);
const pending = () => one(sql`select count(*) as n from marketplace_imports_pending`);

describe('a big import in batches', () => {
  // The views list the columns the tables had when they were made: a column added to a table
  // later and not to its view would be missing from every reader.
  it('keeps every column of the tables in their views', async () => {
    const columns = async (table: string) => {
      const { rows } = await server.database.db.execute<{ name: string }>(
        sql`select column_name as name from information_schema.columns
             where table_schema = current_schema() and table_name = ${table} order by column_name`,
      );
      return rows.map((row) => row.name);
    };
    expect(await columns('marketplace_orders')).toEqual(
      [...(await columns('marketplace_orders_all')), 'xmin'].sort(),
    );
    expect(await columns('marketplace_order_lines')).toEqual(
      await columns('marketplace_order_lines_all'),
    );
  });

  it('hides its orders until the final step, then shows them all at once', async () => {
    const numbers = orderNumbers('HID', 1, 10);
    const read = await preview(numbers);
    const before = { reserved: await reserved(), kaos: await reservedOfKaos() };
    const steps: string[] = [];
    let checked = false;
    const outcome = await commit(read.id, {
      onStep: async (step) => {
        steps.push(step);
        if (step !== 'batch' || checked) return;
        checked = true;
        // Written, and nowhere to be seen: not listed, not found, not packed, reserving nothing.
        expect(await inTable('HID')).toBe(4);
        expect(await seen('HID')).toBe(0);
        expect(await linesSeen('HID')).toBe(0);
        expect(await reserved()).toBe(before.reserved);
        expect(await reservedOfKaos()).toBe(before.kaos);
        const list = await server.call(
          'GET',
          '/api/marketplace-orders?search=HID-0001',
          server.actors.managerToken,
        );
        expect(list.json()).toMatchObject({ data: [] });
        const packing = await server.call(
          'GET',
          '/api/packing/RESI-HID-0001',
          server.actors.adminToken,
        );
        expect(packing.statusCode).toBe(404);
        expect(await pending()).toBe(1);
      },
    });
    expect(checked).toBe(true);
    expect(outcome).toMatchObject({ ok: true, value: { created_orders: 10, created_lines: 10 } });
    expect(steps).toEqual(['start', 'batch', 'batch', 'batch', 'final']);
    expect(await seen('HID')).toBe(10);
    expect(await linesSeen('HID')).toBe(10);
    expect(await reserved()).toBe(before.reserved + 10);
    expect(await reservedOfKaos()).toBe(before.kaos + 10);
    expect(await pending()).toBe(0);
    const list = await server.call(
      'GET',
      '/api/marketplace-orders?search=HID-0001',
      server.actors.managerToken,
    );
    expect(list.json()).toMatchObject({ data: [{ order_number: 'HID-0001' }] });
  });

  it('answers other requests between its batches', async () => {
    const read = await preview(orderNumbers('PRB', 1, 24));
    const events: string[] = [];
    let done = false;
    const probe = async () => {
      while (!done) {
        const response = await server.call(
          'GET',
          '/api/marketplace-orders?limit=1',
          server.actors.managerToken,
        );
        expect(response.statusCode).toBe(200);
        events.push('probe');
      }
    };
    const probing = probe();
    const outcome = await commit(read.id, { onStep: (step) => void events.push(step) });
    done = true;
    await probing;
    expect(outcome).toMatchObject({ ok: true, value: { created_orders: 24 } });
    const between = events.slice(events.indexOf('batch'), events.indexOf('final'));
    expect(between.filter((event) => event === 'batch')).toHaveLength(6);
    expect(between.filter((event) => event === 'probe').length).toBeGreaterThan(0);
  });

  it('leaves nothing when a batch fails midway, and commits later', async () => {
    const numbers = orderNumbers('FAIL', 1, 12);
    const read = await preview(numbers, { 'FAIL-0010': { 'Nomor Referensi SKU': 'TOPI-01' } });
    const steps: string[] = [];
    // The third batch cannot be written: the two before it must go too.
    await server.database.db.execute(
      sql`alter table marketplace_order_lines_all add constraint fail_batch check (sku <> 'TOPI-01') not valid`,
    );
    try {
      await expect(commit(read.id, { onStep: (step) => void steps.push(step) })).rejects.toThrow();
    } finally {
      await server.database.db.execute(
        sql`alter table marketplace_order_lines_all drop constraint fail_batch`,
      );
    }
    expect(steps).toEqual(['start', 'batch', 'batch']);
    expect(await inTable('FAIL')).toBe(0);
    expect(
      await one(
        sql`select count(*) as n from marketplace_order_lines_all where import_id = ${read.id}`,
      ),
    ).toBe(0);
    expect(await pending()).toBe(0);
    expect(
      await one(sql`select count(*) as n from marketplace_imports
                     where id = ${read.id} and committed_at is not null`),
    ).toBe(0);
    expect(await commit(read.id)).toMatchObject({
      ok: true,
      value: { created_orders: 12, created_lines: 12 },
    });
    expect(await seen('FAIL')).toBe(12);
  });

  it('writes two overlapping files committed at once, each order once', async () => {
    const first = await preview(orderNumbers('OVL', 1, 10));
    const second = await preview(orderNumbers('OVL', 6, 15));
    const [a, b] = await Promise.all([commit(first.id), commit(second.id)]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value.created_orders + b.value.created_orders).toBe(15);
    expect(a.value.created_lines + b.value.created_lines).toBe(15);
    expect(await seen('OVL')).toBe(15);
    expect(await inTable('OVL')).toBe(15);
    expect(await linesSeen('OVL')).toBe(15);
    expect(await pending()).toBe(0);
  });

  it('writes the file from the states of now when they changed between batches', async () => {
    const numbers = orderNumbers('CHG', 1, 10);
    const read = await preview(numbers, { 'CHG-0003': { 'Nomor Referensi SKU': 'SKU-BARU-CHG' } });
    expect(read.summary).toMatchObject({ unknown_sku: 1 });
    let mapped = false;
    const outcome = await commit(read.id, {
      onStep: async (step) => {
        if (step !== 'batch' || mapped) return;
        mapped = true;
        // Mapped while the import is being written: the final step sees it.
        const response = await server.call('PUT', '/api/sku-mappings', server.actors.managerToken, {
          sku: 'SKU-BARU-CHG',
          items: [{ product_code: 'TOPI-01', quantity: 1 }],
        });
        expect(response.statusCode).toBe(200);
      },
    });
    expect(outcome).toMatchObject({
      ok: true,
      value: { created_orders: 10, created_lines: 10, skipped: { unknown_sku: 0 } },
    });
    expect(await seen('CHG')).toBe(10);
    expect(await inTable('CHG')).toBe(10);
    expect(await linesSeen('CHG')).toBe(10);
  });

  it('runs the same steps in one transaction (PostgreSQL)', async () => {
    const read = await preview(orderNumbers('ONE', 1, 10));
    const steps: string[] = [];
    const outcome = await commit(read.id, {
      separateBatches: false,
      onStep: (step) => void steps.push(step),
    });
    expect(outcome).toMatchObject({ ok: true, value: { created_orders: 10, created_lines: 10 } });
    expect(steps).toEqual(['start', 'batch', 'batch', 'batch', 'final']);
    expect(await seen('ONE')).toBe(10);
    expect(await pending()).toBe(0);
  });

  it('undoes at start an import a crash left between its batches', async () => {
    await server.database.db.execute(
      sql`insert into marketplace_imports_pending (id, channel) values (987654, 'lazada')`,
    );
    await server.database.db.execute(sql`
      insert into marketplace_orders_all (channel, order_number, status, status_text, date, import_id)
      values ('lazada', 'CRASH-0001', 'perlu_dikirim', 'Pending', '2026-08-01', 987654)`);
    expect(await seen('CRASH')).toBe(0);
    expect(await discardPendingImports(server.database.db)).toBe(1);
    expect(await inTable('CRASH')).toBe(0);
    expect(await pending()).toBe(0);
  });
});
