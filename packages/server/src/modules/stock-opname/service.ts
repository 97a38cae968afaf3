// Stok Opname: a count session over a scope of products fixed when it starts. Several
// people count at once: a scan adds in SQL (`counted = coalesce(counted, 0) + n`) under the line's
// row lock, so no scan is lost. Each count records the product's system stock at that moment
// (expected); posting writes counted - expected as one stock adjustment per product, so a sale
// recorded after counting is not undone. Posting is one transaction: every adjustment, the
// session's close and the log entry, or nothing (docs/adr/0016-returns-and-adjustments.md).
import {
  OPNAME_MESSAGES,
  OPNAME_STATUS_LABELS,
  RACK_MAX_LENGTH,
  type List,
  type OpnameCountInput,
  type OpnameLine,
  type OpnameScope,
  type OpnameScopeType,
  type OpnameStatus,
  type StockAdjustment,
  type StockAdjustmentListQuery,
  type StockOpnameInput,
  type StockOpnameListQuery,
  type StockOpnameSession,
  type StockOpnameSummary,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isoOrNull, todayIn, toIso } from '../../lib/dates';
import { andOthers, logCount, logMovement } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import { datedListReaders, listPage } from '../../lib/paging';
import { Refusal, refused, type Result } from '../../lib/result';
import { inOneStatement, inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { rackPrefix } from '../products/service';

/** The products' search text, as products_search_trgm_idx is written. */
const productMatches = (pattern: string) =>
  sql`(p.name || chr(1) || p.code || chr(1) || p.barcode_id || chr(1) || p.category
       || chr(1) || p.brand) ilike ${pattern}`;

type SessionRow = {
  id: number;
  name: string;
  scope_type: OpnameScopeType;
  scope_value: string | null;
  scope_product_codes: unknown;
  status: OpnameStatus;
  started_by_name: string;
  started_at: unknown;
  posted_by_name: string | null;
  posted_at: unknown;
  cancelled_by_name: string | null;
  cancelled_at: unknown;
  products: unknown;
  counted_products: unknown;
  adjustments: unknown;
};

const SESSION_COLUMNS = sql`s.id, s.name, s.scope_type, s.scope_value, s.scope_product_codes,
  s.status, s.started_by_name, s.started_at, s.posted_by_name, s.posted_at, s.cancelled_by_name,
  s.cancelled_at,
  (select count(*) from stock_opname_lines l where l.session_id = s.id) as products,
  (select count(*) from stock_opname_lines l where l.session_id = s.id and l.counted is not null)
    as counted_products,
  (select count(*) from stock_adjustments a where a.stock_opname_id = s.id) as adjustments`;

function codesOf(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(String) : null;
}

function summaryOf(row: SessionRow): StockOpnameSummary {
  const scope: OpnameScope = {
    type: row.scope_type,
    value: row.scope_value,
    product_codes: codesOf(row.scope_product_codes),
  };
  return {
    id: toNumber(row.id),
    name: row.name,
    scope,
    status: row.status,
    started_by: row.started_by_name,
    started_at: toIso(row.started_at),
    posted_by: row.posted_by_name,
    posted_at: isoOrNull(row.posted_at),
    cancelled_by: row.cancelled_by_name,
    cancelled_at: isoOrNull(row.cancelled_at),
    products: toNumber(row.products),
    counted_products: toNumber(row.counted_products),
    adjustments: toNumber(row.adjustments),
  };
}

type LineRow = {
  product_id: number;
  code: string;
  name: string;
  barcode_id: string;
  category: string;
  brand: string;
  rack: string | null;
  purchase_price: unknown;
  counted: number | null;
  expected: unknown;
  counted_at: unknown;
};

// A posted session's lines keep the cost per unit of their posting (unit_cost, issue 42 m4); an
// open one's show the product's cost now.
const LINE_COLUMNS = sql`l.product_id, p.code, p.name, p.barcode_id, p.category, p.brand, p.rack,
  coalesce(l.unit_cost, p.purchase_price) as purchase_price, l.counted, coalesce(l.expected, p.current_stock) as expected, l.counted_at`;

function lineOf(row: LineRow): OpnameLine {
  const counted = row.counted === null ? null : toNumber(row.counted);
  const expected = toNumber(row.expected);
  return {
    product_id: toNumber(row.product_id),
    product_code: row.code,
    product_name: row.name,
    barcode_id: row.barcode_id,
    category: row.category,
    brand: row.brand,
    rack: row.rack,
    purchase_price: toNumber(row.purchase_price),
    counted,
    expected,
    difference: counted === null ? null : counted - expected,
    counted_at: isoOrNull(row.counted_at),
  };
}

/**
 * The session with every line of its scope (counted first, each part in shelf order: by rack,
 * products without one last, then by name); null: none.
 */
export async function sessionDetail(db: DbOrTx, id: number): Promise<StockOpnameSession | null> {
  const { rows } = await db.execute<SessionRow>(
    sql`select ${SESSION_COLUMNS} from stock_opname_sessions s where s.id = ${id}`,
  );
  const row = rows[0];
  if (row === undefined) return null;
  const { rows: lineRows } = await db.execute<LineRow>(sql`
    select ${LINE_COLUMNS}
      from stock_opname_lines l
      join products p on p.id = l.product_id
     where l.session_id = ${id}
     order by (l.counted is null), p.rack nulls last, p.name, p.id`);
  const lines = lineRows.map(lineOf);
  let totalDifference = 0;
  let differenceValue = 0;
  for (const line of lines) {
    if (line.difference === null) continue;
    totalDifference += line.difference;
    differenceValue += line.difference * (line.purchase_price ?? 0);
  }
  return {
    ...summaryOf(row),
    lines,
    total_difference: totalDifference,
    difference_value: Math.round(differenceValue * 100) / 100,
  };
}

async function requireSession(db: DbOrTx, id: number): Promise<StockOpnameSession> {
  const session = await sessionDetail(db, id);
  if (session === null) throw new Refusal(404, OPNAME_MESSAGES.notFound);
  return session;
}

/** A rack scope's prefix, in capitals as racks are stored; refused when empty or not a rack's. */
function rackScope(input: StockOpnameInput): string {
  const value = input.scope.value?.trim().toUpperCase() ?? '';
  if (value === '') throw new Refusal(400, OPNAME_MESSAGES.scopeRack);
  if (value.length > RACK_MAX_LENGTH || !/^[A-Z0-9./-]+$/.test(value))
    throw new Refusal(400, OPNAME_MESSAGES.scopeRackInvalid);
  return value;
}

/** The scope's condition on products p, checked: a scope without its value is refused. */
async function scopeCondition(tx: Tx, input: StockOpnameInput): Promise<SQL> {
  const { type } = input.scope;
  if (type === 'all') return sql`true`;
  if (type === 'category' || type === 'brand') {
    const value = input.scope.value?.trim() ?? '';
    if (value === '') throw new Refusal(400, OPNAME_MESSAGES.scopeValue);
    return type === 'category'
      ? sql`lower(p.category) = lower(${value})`
      : sql`lower(p.brand) = lower(${value})`;
  }
  if (type === 'rack') return rackPrefix(sql`p.rack`, rackScope(input));
  const codes = [...new Set((input.scope.product_codes ?? []).map((code) => code.trim()))];
  if (codes.length === 0) throw new Refusal(400, OPNAME_MESSAGES.scopeProducts);
  const lowered = JSON.stringify(codes.map((code) => code.toLowerCase()));
  const { rows } = await tx.execute<{ code: string }>(sql`
    select c.code from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as c(code)
     where not exists (select 1 from products p where lower(p.code) = lower(c.code))
     limit 1`);
  const unknown = rows[0];
  if (unknown !== undefined) throw new Refusal(400, OPNAME_MESSAGES.productUnknown(unknown.code));
  return sql`lower(p.code) in (select jsonb_array_elements_text(${lowered}::jsonb))`;
}

const scopeText = (input: StockOpnameInput, products: number): string => {
  const { type, value } = input.scope;
  const what =
    type === 'all'
      ? 'semua produk'
      : type === 'category'
        ? `kategori ${value?.trim() ?? ''}`
        : type === 'brand'
          ? `merk ${value?.trim() ?? ''}`
          : type === 'rack'
            ? `rak berawalan ${value?.trim().toUpperCase() ?? ''}`
            : 'produk terpilih';
  return `${what}, ${logCount(products)} produk`;
};

/** POST /api/stock-opname: the session and its scope's products (fixed now), one transaction. */
export function startSession(
  db: Db,
  input: StockOpnameInput,
  actor: ActivityActor,
): Promise<Result<StockOpnameSession>> {
  return inTransaction(db, async (tx) => {
    const condition = await scopeCondition(tx, input);
    const name = input.name.trim();
    const codes =
      input.scope.type === 'products'
        ? JSON.stringify([...new Set((input.scope.product_codes ?? []).map((c) => c.trim()))])
        : null;
    const value =
      input.scope.type === 'category' || input.scope.type === 'brand'
        ? (input.scope.value?.trim() ?? null)
        : input.scope.type === 'rack'
          ? rackScope(input)
          : null;
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into stock_opname_sessions (name, scope_type, scope_value, scope_product_codes,
                                         started_by, started_by_name)
      values (${name}, ${input.scope.type}, ${value}, ${codes}::jsonb, ${actor.id}, ${actor.name})
      returning id`);
    const id = toNumber(rows[0]?.id);
    const { rows: inserted } = await tx.execute(sql`
      insert into stock_opname_lines (session_id, product_id)
      select ${id}, p.id from products p where ${condition}
      returning product_id`);
    if (inserted.length === 0) throw new Refusal(400, OPNAME_MESSAGES.scopeEmpty);
    await logActivity(tx, {
      action: 'START_STOCK_OPNAME',
      user: actor,
      details: `Memulai stok opname "${name}": ${scopeText(input, inserted.length)}`,
    });
    return requireSession(tx, id);
  });
}

/** GET /api/stock-opname: newest first, alone or by status; search over the session's name. */
export function listSessions(
  db: DbOrTx,
  query: StockOpnameListQuery,
): Promise<List<StockOpnameSummary>> {
  const status = query.status === undefined ? sql`true` : sql`s.status = ${query.status}`;
  const whereOf = (search: SQL | undefined) =>
    search === undefined ? status : sql`${status} and ${search}`;
  return listPage<StockOpnameSummary>(query, (pattern) => sql`s.name ilike ${pattern}`, {
    count: async (search) => {
      const { rows } = await db.execute<{ n: unknown }>(
        sql`select count(*) as n from stock_opname_sessions s where ${whereOf(search)}`,
      );
      return toNumber(rows[0]?.n);
    },
    estimate: async () => 0,
    rows: async (search, limit, offset) => {
      const { rows } = await db.execute<SessionRow>(sql`
        select ${SESSION_COLUMNS} from stock_opname_sessions s where ${whereOf(search)}
         order by s.started_at desc nulls last, s.id desc nulls last
         limit ${limit} offset ${offset}`);
      return rows.map(summaryOf);
    },
  });
}

/** Why a closed session refuses a change: 409 with its status in words. */
const readOnly = (status: OpnameStatus) =>
  new Refusal(409, OPNAME_MESSAGES.readOnly(OPNAME_STATUS_LABELS[status].toLowerCase()));

/**
 * POST /api/stock-opname/:id/counts: one statement. The session row is share-locked (a post or
 * cancel waits for the counts under way, and a count after it finds the session closed); the
 * line's row lock serializes parallel scans of one product, each adding to what the one before
 * it wrote. A typed count (`set`) with `seen` (the count its phone showed when the number was
 * typed) replaces only that count: when another phone changed it meanwhile, it is refused (409,
 * naming the other count) and nothing changes (issue 42 m5).
 */
export function recordCount(
  db: Db,
  sessionId: number,
  input: OpnameCountInput,
): Promise<Result<OpnameLine>> {
  return countWith(db, sessionId, input, inOneStatement);
}

/**
 * recordCount inside the caller's transaction (a count sent with a client_id,
 * lib/idempotency.ts): a refusal is thrown, rolling the transaction back.
 */
export async function recordCountIn(
  tx: Tx,
  sessionId: number,
  input: OpnameCountInput,
): Promise<OpnameLine> {
  const result = await countWith(tx, sessionId, input, async (work) => ({
    ok: true,
    value: await work(),
  }));
  if (!result.ok) throw new Refusal(result.status, result.message);
  return result.value;
}

async function countWith(
  db: DbOrTx,
  sessionId: number,
  input: OpnameCountInput,
  run: <T>(work: () => Promise<T>) => Promise<Result<T>>,
): Promise<Result<OpnameLine>> {
  const byBarcode = input.barcode !== undefined;
  if (byBarcode === (input.product_code !== undefined))
    return { ok: false, status: 400, message: OPNAME_MESSAGES.oneProduct };
  if ((input.add !== undefined) === (input.set !== undefined))
    return { ok: false, status: 400, message: OPNAME_MESSAGES.oneAmount };
  const key = (input.barcode ?? input.product_code ?? '').trim();
  const { rows: found } = await db.execute<{ id: number; name: string }>(
    byBarcode
      ? sql`select id, name from products where lower(barcode_id) = lower(${key}) limit 1`
      : sql`select id, name from products where lower(code) = lower(${key}) limit 1`,
  );
  const product = found[0];
  if (product === undefined)
    return {
      ok: false,
      status: 404,
      message: byBarcode ? OPNAME_MESSAGES.barcodeNotFound : OPNAME_MESSAGES.productUnknown(key),
    };
  const productId = toNumber(product.id);
  const counted =
    input.add !== undefined ? sql`coalesce(l.counted, 0) + ${input.add}` : sql`${input.set}`;
  const seen = input.set === undefined ? undefined : input.seen;
  const unchanged =
    seen === undefined
      ? sql`true`
      : seen === null
        ? sql`l.counted is null`
        : sql`l.counted = ${seen}`;
  const changed = await run(() =>
    db.execute<LineRow>(sql`
    with s as (select id from stock_opname_sessions
                where id = ${sessionId} and status = 'open' for share),
    changed as (
      update stock_opname_lines l
         set counted = ${counted},
             expected = (select current_stock from products where id = l.product_id),
             counted_at = now()
       where l.session_id = (select id from s) and l.product_id = ${productId} and ${unchanged}
      returning l.product_id, l.counted, l.expected, l.counted_at)
    select c.product_id, p.code, p.name, p.barcode_id, p.category, p.brand, p.rack,
           p.purchase_price, c.counted, c.expected, c.counted_at
      from changed c join products p on p.id = c.product_id`),
  );
  // A count past PostgreSQL's integer: the 400 of a stock out of range.
  if (!changed.ok) return changed;
  const row = changed.value.rows[0];
  if (row !== undefined) return { ok: true, value: lineOf(row) };
  // Nothing changed: say why.
  const { rows: sessions } = await db.execute<{ status: OpnameStatus }>(
    sql`select status from stock_opname_sessions where id = ${sessionId}`,
  );
  const session = sessions[0];
  if (session === undefined) return { ok: false, status: 404, message: OPNAME_MESSAGES.notFound };
  if (session.status !== 'open') {
    const refusal = readOnly(session.status);
    return refused(refusal);
  }
  if (seen !== undefined) {
    const { rows: lines } = await db.execute<{ counted: number | null }>(sql`
      select counted from stock_opname_lines
       where session_id = ${sessionId} and product_id = ${productId}`);
    const line = lines[0];
    if (line !== undefined)
      return {
        ok: false,
        status: 409,
        message: OPNAME_MESSAGES.countChanged(
          product.name,
          line.counted === null ? null : toNumber(line.counted),
        ),
      };
  }
  return { ok: false, status: 400, message: OPNAME_MESSAGES.notInScope(product.name) };
}

/** The session row, locked for the change; refused when absent or closed. */
async function lockOpenSession(tx: Tx, id: number): Promise<{ name: string }> {
  const { rows } = await tx.execute<{ name: string; status: OpnameStatus }>(
    sql`select name, status from stock_opname_sessions where id = ${id} for update`,
  );
  const row = rows[0];
  if (row === undefined) throw new Refusal(404, OPNAME_MESSAGES.notFound);
  if (row.status !== 'open') throw readOnly(row.status);
  return row;
}

/** How many products the POST_STOCK_OPNAME entry names. */
const ADJUSTMENTS_LOGGED = 20;

type DifferenceRow = {
  product_id: number;
  code: string;
  name: string;
  current_stock: number;
  difference: number;
};

/**
 * POST /api/stock-opname/:id/post (manager): one adjustment per counted product whose count
 * differs from its expected stock, dated the shop's today, reason 'Stok opname: {name}'. The
 * products are locked in id order first; a product whose stock would go below zero refuses the
 * whole post (nothing is written), naming it. zero_uncounted: the uncounted products of the scope
 * count as 0 (expected: their stock now); else they are left alone.
 */
export function postSession(
  db: Db,
  id: number,
  zeroUncounted: boolean,
  actor: ActivityActor,
  timeZone: string,
): Promise<Result<StockOpnameSession>> {
  return inTransaction(db, async (tx) => {
    const session = await lockOpenSession(tx, id);
    await tx.execute(sql`
      select p.id from products p
       where p.id in (select product_id from stock_opname_lines
                       where session_id = ${id}
                         ${zeroUncounted ? sql`` : sql`and counted is not null`})
       order by p.id
         for update of p`);
    if (zeroUncounted)
      await tx.execute(sql`
        update stock_opname_lines l
           set counted = 0, expected = p.current_stock, counted_at = now()
          from products p
         where p.id = l.product_id and l.session_id = ${id} and l.counted is null`);
    // The value of the posted differences stays what it is now (issue 42 m4).
    await tx.execute(sql`
      update stock_opname_lines l set unit_cost = p.purchase_price
        from products p
       where p.id = l.product_id and l.session_id = ${id}`);
    const { rows } = await tx.execute<DifferenceRow>(sql`
      select l.product_id, p.code, p.name, p.current_stock, l.counted - l.expected as difference
        from stock_opname_lines l
        join products p on p.id = l.product_id
       where l.session_id = ${id} and l.counted is not null and l.counted <> l.expected
       order by p.code, p.id`);
    const differences = rows.map((row) => ({
      ...row,
      product_id: toNumber(row.product_id),
      current_stock: toNumber(row.current_stock),
      difference: toNumber(row.difference),
    }));
    const negative = differences.find((row) => row.current_stock + row.difference < 0);
    if (negative !== undefined)
      throw new Refusal(
        409,
        OPNAME_MESSAGES.negativeStock(
          `${negative.name} (${negative.code})`,
          negative.current_stock + negative.difference,
        ),
      );
    if (differences.length > 0) {
      const changes = JSON.stringify(
        differences.map((row) => ({ product_id: row.product_id, quantity: row.difference })),
      );
      const changeRows = sql`select (c->>'product_id')::integer as product_id,
                                    (c->>'quantity')::integer as quantity
                               from jsonb_array_elements(${changes}::jsonb) c`;
      await tx.execute(sql`
        update products p set current_stock = p.current_stock + c.quantity, updated_at = now()
          from (${changeRows}) c
         where p.id = c.product_id`);
      await tx.execute(sql`
        insert into stock_adjustments (product_id, date, quantity, reason, stock_opname_id,
                                       created_by, created_by_name)
        select c.product_id, ${todayIn(timeZone)}::date, c.quantity,
               ${OPNAME_MESSAGES.adjustmentReason(session.name)}, ${id}, ${actor.id}, ${actor.name}
          from (${changeRows}) c
         order by c.product_id`);
    }
    await tx.execute(sql`
      update stock_opname_sessions
         set status = 'posted', posted_by_name = ${actor.name}, posted_at = now()
       where id = ${id}`);
    const listed = andOthers(
      differences
        .slice(0, ADJUSTMENTS_LOGGED)
        .map((row) => `${row.code} ${logMovement(row.difference)}`),
      differences.length,
    );
    await logActivity(tx, {
      action: 'POST_STOCK_OPNAME',
      user: actor,
      details:
        differences.length === 0
          ? `Memposting stok opname "${session.name}": tidak ada selisih`
          : `Memposting stok opname "${session.name}": ${logCount(differences.length)} penyesuaian (${listed.join(', ')})`,
    });
    return requireSession(tx, id);
  });
}

/** POST /api/stock-opname/:id/cancel (manager): the counts are discarded, nothing moves. */
export function cancelSession(
  db: Db,
  id: number,
  actor: ActivityActor,
): Promise<Result<StockOpnameSession>> {
  return inTransaction(db, async (tx) => {
    const session = await lockOpenSession(tx, id);
    await tx.execute(sql`
      update stock_opname_sessions
         set status = 'cancelled', cancelled_by_name = ${actor.name}, cancelled_at = now()
       where id = ${id}`);
    await logActivity(tx, {
      action: 'CANCEL_STOCK_OPNAME',
      user: actor,
      details: `Membatalkan stok opname "${session.name}"`,
    });
    return requireSession(tx, id);
  });
}

/** GET /api/stock-opname/:id. */
export async function getSession(db: DbOrTx, id: number): Promise<Result<StockOpnameSession>> {
  const session = await sessionDetail(db, id);
  return session === null
    ? { ok: false, status: 404, message: OPNAME_MESSAGES.notFound }
    : { ok: true, value: session };
}

type AdjustmentRow = {
  id: number;
  date: string;
  product_id: number;
  code: string;
  name: string;
  category: string;
  brand: string;
  quantity: number;
  reason: string;
  stock_opname_id: number | null;
  created_by_name: string;
  created_at: unknown;
};

/**
 * GET /api/stock-adjustments: newest first (stock_adjustments_date_idx); search over the
 * product (products_search_trgm_idx) and the reason (stock_adjustments_reason_trgm_idx).
 */
export function listAdjustments(
  db: DbOrTx,
  query: StockAdjustmentListQuery,
): Promise<List<StockAdjustment>> {
  const { count, estimate, pageIds } = datedListReaders(db, 'stock_adjustments', 'a', query);
  return listPage<StockAdjustment>(
    query,
    (pattern) => sql`(a.reason ilike ${pattern}
      or a.product_id = any(array(select p.id from products p where ${productMatches(pattern)})))`,
    {
      count,
      estimate,
      rows: async (search, limit, offset, sortMatches) => {
        const page = pageIds(search, limit, offset, sortMatches);
        const { rows } = await db.execute<AdjustmentRow>(sql`
          select a.id, to_char(a.date, 'YYYY-MM-DD') as date, a.product_id, p.code, p.name,
                 p.category, p.brand, a.quantity, a.reason, a.stock_opname_id, a.created_by_name,
                 a.created_at
            from (${page}) page
            join stock_adjustments a on a.id = page.id
            join products p on p.id = a.product_id
           order by a.date desc nulls last, a.id desc nulls last`);
        return rows.map((row) => ({
          id: toNumber(row.id),
          date: row.date,
          product_id: toNumber(row.product_id),
          product_code: row.code,
          product_name: row.name,
          category: row.category,
          brand: row.brand,
          quantity: toNumber(row.quantity),
          reason: row.reason,
          stock_opname_id: row.stock_opname_id === null ? null : toNumber(row.stock_opname_id),
          created_by: row.created_by_name,
          created_at: toIso(row.created_at),
        }));
      },
    },
  );
}
