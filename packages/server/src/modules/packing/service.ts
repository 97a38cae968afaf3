// Scan Kirim: a marketplace order packed by its resi. Its lines are expanded through the
// SKU mappings into products; shipping checks the scans against them and records Barang Keluar
// per product (two records when its price does not divide to the sen) with the order's resi, the
// order's change and the PACK_ORDER entry, all in one statement (the function ship_package).
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_STATUS_LABELS,
  PACKING_MESSAGES,
  PACKING_TODAY_LIMIT,
  type MarketplaceChannel,
  type MarketplaceStatus,
  type OutgoingGoods,
  type PackedToday,
  type PackingLine,
  type PackingScan,
  type PackingView,
  type ShipOrdersResult,
  type SkippedOrderLine,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  resolver,
  resolverColumns,
  resolverOf,
  type OrderHeadRow,
  type ResolverRows,
} from '../marketplace/service';
import { todayIn } from '../../lib/dates';
import { toNumber } from '../../lib/numbers';
import { Refusal, refused, type Result } from '../../lib/result';
import { inOneStatement, inTransaction } from '../../lib/transaction';
import type { ActivityActor } from '../../lib/activity-log';
import { resiConflict } from '../../lib/stock-kernel';
import { jsonColumn } from '../../lib/json-column';

/** Statuses whose package may not leave: cancelled, returned, not paid yet. */
const NOT_SHIPPABLE: readonly MarketplaceStatus[] = ['batal', 'retur', 'belum_bayar'];

type OrderRow = OrderHeadRow & {
  shipped_at: Date | string | null;
  shipped_by_name: string | null;
  /** The row's version (xmin): the sale goes ahead only while the order is as it was read. */
  version: string;
  /** The order's lines, read with it (one round trip), in their order. */
  lines: LineRow[] | string;
  /** The SKU mappings and products its lines name, read with it (JSON; text on PGlite). */
  mappings: ResolverRows['mappings'] | string;
  products: ResolverRows['products'] | string;
  /** Lines the order was imported without (issue 42 M5); JSON, text on PGlite. */
  skipped_lines: SkippedOrderLine[] | string;
};

type LineRow = { sku: string; variation: string; quantity: number; unit_price: unknown };

/** Units of a product recorded at one selling price (money text, '41666.67'). */
export interface SalePart {
  quantity: number;
  /** null: the product's default selling price (a line without a price). */
  price: string | null;
}

/** One product of the package, with what the order pays for it. */
export interface PackageProduct extends PackingLine {
  productId: number;
  /**
   * Its Barang Keluar records: one, or two when its amount does not divide into its units to the
   * sen (salePrices); their quantities add up to `quantity`.
   */
  parts: SalePart[];
}

/** floor(a / b) for b > 0 (BigInt division truncates towards zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b < 0n ? q - 1n : q;
}

/** Rupiah to whole sen (the columns hold two decimals). */
const senOf = (rupiah: number): bigint => BigInt(Math.round(rupiah * 100));

/** Whole sen as money text: 4166667n -> '41666.67'. */
function moneyOfSen(sen: bigint): string {
  const sign = sen < 0n ? '-' : '';
  const abs = sen < 0n ? -sen : sen;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * `total` sen shared in proportion to `weights` (their sum above 0), in whole sen that add up to
 * `total` exactly: each share rounded down, then the sen left over one each to the largest
 * remainders (the first of equal ones).
 */
export function splitSen(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  const shares = weights.map((weight) => floorDiv(total * weight, sum));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: total * weight - (shares[index] ?? 0n) * sum }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of byRemainder) {
    if (left <= 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares;
}

/**
 * `units` sold for `total` sen as records that add up to `total` to the sen: one price when it
 * divides, else the units that carry one sen more first. 125.000 for 3: 2 x 41.666,67 +
 * 1 x 41.666,66.
 */
export function salePrices(total: bigint, units: number): SalePart[] {
  const count = BigInt(units);
  const low = floorDiv(total, count);
  const high = Number(total - low * count);
  const parts: SalePart[] = [];
  if (high > 0) parts.push({ quantity: high, price: moneyOfSen(low + 1n) });
  if (units - high > 0) parts.push({ quantity: units - high, price: moneyOfSen(low) });
  return parts;
}

const ORDER_COLUMNS = sql`id, channel, order_number, resi_number, status, status_text,
  to_char(date, 'YYYY-MM-DD') as date, shipped_at, shipped_by_name, xmin::text as version,
  skipped_lines,
  (select coalesce(json_agg(json_build_object('sku', l.sku, 'variation', l.variation,
                                              'quantity', l.quantity, 'unit_price', l.unit_price)
                            order by l.id), '[]')
     from marketplace_order_lines l where l.order_id = marketplace_orders.id) as lines,
  ${resolverColumns(sql`marketplace_orders`)}`;

function orderOf(row: OrderRow): OrderRow {
  return { ...row, id: toNumber(row.id), skipped_lines: jsonColumn(row.skipped_lines) };
}

/**
 * The order of a resi (any letter case; marketplace_orders_resi_lower_idx). Should two orders
 * carry it, the one still to pack comes first, then the newest.
 */
async function orderByResi(db: DbOrTx, resi: string, lock: boolean): Promise<OrderRow | null> {
  const { rows } = await db.execute<OrderRow>(sql`
    select ${ORDER_COLUMNS} from marketplace_orders
     where lower(resi_number) = lower(${resi.trim()})
     order by (shipped_at is null) desc, id desc
     limit 1 ${lock ? sql`for update` : sql``}`);
  return rows[0] === undefined ? null : orderOf(rows[0]);
}

async function orderById(tx: Tx, id: number): Promise<OrderRow | null> {
  const { rows } = await tx.execute<OrderRow>(sql`
    select ${ORDER_COLUMNS} from marketplace_orders where id = ${id} for update`);
  return rows[0] === undefined ? null : orderOf(rows[0]);
}

const shippedFormats = new Map<string, Intl.DateTimeFormat>();

/** '24 November 2026 pukul 16.20' in the shop's time zone. */
export function shippedDate(at: Date, timeZone: string): string {
  let format = shippedFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('id-ID', {
      timeZone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    shippedFormats.set(timeZone, format);
  }
  return format.format(at);
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * The order's products: every line through the SKU mappings (a bundle expanded into its items),
 * summed per product, in product id order (the order their rows are locked in, so that two
 * packers never wait on each other in a cycle).
 *
 * The selling price of a product is what the order's lines pay for it, after discount. A line
 * that is a bundle or combo splits its total over its items in proportion to each item's default
 * selling price x its quantity (by units when none of the items has a default price):
 * 'Paket isi 3' of X at 30.000 is 3 x X at 10.000; a combo X + Y at 25.000 with defaults 20.000
 * and 5.000 is X at 20.000 and Y at 5.000. A product sold on several lines takes the sum of its
 * shares. Every split is in whole sen and exact (issue 42): the items' shares add up to their
 * line's total and a product's records to its shares, so the package's records add up to its
 * lines to the sen ('Paket isi 3' at 125.000: 2 x 41.666,67 + 1 x 41.666,66, two records). A
 * line without a price leaves its products at their default selling price.
 */
export async function packageProducts(db: DbOrTx, order: OrderRow): Promise<PackageProduct[]> {
  const lines = jsonColumn(order.lines);
  const keys = lines.map((line) => ({
    sku: line.sku,
    variation: line.variation === '' ? null : line.variation,
  }));
  // The resolution read with the order; should a line find nothing there (a SKU whose spaces
  // SQL's btrim keeps and JavaScript's trim drops), it is resolved again as the import did.
  let resolve = resolverOf({
    mappings: jsonColumn(order.mappings),
    products: jsonColumn(order.products),
  });
  if (keys.some((key) => resolve(key.sku, key.variation).length === 0))
    resolve = await resolver(db, order.channel, keys);
  const resolved = lines.map((line, index) => {
    const key = keys[index] ?? { sku: line.sku, variation: null };
    const items = resolve(key.sku, key.variation);
    if (items.length === 0) throw new Refusal(409, PACKING_MESSAGES.unmapped(line.sku));
    return { line, items };
  });
  // The items carry their product's code, name, barcode, stock and default price (resolver).
  const productOf = new Map(
    resolved.flatMap(({ items }) => items.map((item) => [item.productId, item] as const)),
  );

  // Per product: its units and its amount in sen, the sum of its shares of the priced lines.
  const totals = new Map<number, { units: number; amount: bigint; priced: boolean }>();
  for (const { line, items } of resolved) {
    const lineQuantity = toNumber(line.quantity);
    const lineTotal =
      line.unit_price === null ? null : senOf(toNumber(line.unit_price)) * BigInt(lineQuantity);
    const defaults = items.map(
      (item) => senOf(productOf.get(item.productId)?.sellingPrice ?? 0) * BigInt(item.quantity),
    );
    const weights = defaults.some((value) => value > 0n)
      ? defaults
      : items.map((item) => BigInt(item.quantity));
    const shares = lineTotal === null ? null : splitSen(lineTotal, weights);
    items.forEach((item, index) => {
      const entry = totals.get(item.productId) ?? { units: 0, amount: 0n, priced: true };
      entry.units += item.quantity * lineQuantity;
      if (shares === null) entry.priced = false;
      else entry.amount += shares[index] ?? 0n;
      totals.set(item.productId, entry);
    });
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([productId, total]) => {
      const product = productOf.get(productId);
      if (product === undefined) throw new Refusal(409, PACKING_MESSAGES.orderNotFound);
      return {
        productId,
        product_code: product.product_code,
        product_name: product.product_name,
        barcode_id: product.barcodeId,
        quantity: total.units,
        current_stock: product.currentStock,
        parts: total.priced
          ? salePrices(total.amount, total.units)
          : [{ quantity: total.units, price: null }],
      };
    });
}

function viewOf(order: OrderRow, lines: readonly PackageProduct[]): PackingView {
  return {
    order: {
      id: order.id,
      channel: order.channel,
      order_number: order.order_number,
      resi_number: order.resi_number ?? '',
      status: order.status,
      status_text: order.status_text,
      date: order.date,
      skipped_lines: jsonColumn(order.skipped_lines),
    },
    lines: lines.map(({ product_code, product_name, barcode_id, quantity, current_stock }) => ({
      product_code,
      product_name,
      barcode_id,
      quantity,
      current_stock,
    })),
    shipped:
      order.shipped_at === null
        ? null
        : { at: toDate(order.shipped_at).toISOString(), by: order.shipped_by_name ?? '-' },
  };
}

/** GET /api/packing/:resi: the order, its products to pack, and whether it has left. */
export async function packingView(db: Db, resi: string): Promise<Result<PackingView>> {
  try {
    const order = await orderByResi(db, resi, false);
    if (order === null) throw new Refusal(404, PACKING_MESSAGES.resiNotFound);
    return { ok: true, value: viewOf(order, await packageProducts(db, order)) };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return refused(error);
  }
}

/**
 * Why the scans are not the package: a barcode that is not in it, a product short or over. null:
 * they are equal (barcodes in any letter case; a barcode may come in several scans).
 */
export function scanProblems(
  products: readonly PackageProduct[],
  scans: readonly PackingScan[],
): string | null {
  const scanned = new Map<string, number>();
  for (const scan of scans) {
    const key = scan.barcode.trim().toLowerCase();
    scanned.set(key, (scanned.get(key) ?? 0) + scan.quantity);
  }
  const problems: string[] = [];
  for (const product of products) {
    const key = product.barcode_id.toLowerCase();
    const count = scanned.get(key) ?? 0;
    scanned.delete(key);
    if (count < product.quantity)
      problems.push(PACKING_MESSAGES.missingItem(product.product_name, product.quantity - count));
    else if (count > product.quantity)
      problems.push(PACKING_MESSAGES.extraItem(product.product_name, count - product.quantity));
  }
  const original = new Map(scans.map((scan) => [scan.barcode.trim().toLowerCase(), scan.barcode]));
  for (const key of scanned.keys())
    problems.push(PACKING_MESSAGES.notInOrder(original.get(key)?.trim() ?? key));
  return problems.length === 0 ? null : problems.join('; ');
}

export interface ShipOptions {
  timeZone: string;
  now?: () => Date;
  /**
   * A manager ships an order imported without some of its lines (issue 42 M5); the PACK_ORDER
   * entry names them. The route refuses it from anyone else.
   */
  confirmIncomplete?: boolean;
}

type SoldRow = {
  /** The product of the package this row answers for. */
  wanted_id: unknown;
  /** False: the order was shipped or changed since it was read, and nothing was written. */
  order_ok: boolean;
  /** Its stock covers it (read under its row lock); null: the product is gone. */
  enough: boolean | null;
  /** The product sold; null when the package was not sold. */
  sold_id: unknown;
  id: unknown;
  date: string;
  product_id: unknown;
  product_code: string;
  product_name: string;
  category: string;
  brand: string;
  resi_number: string;
  quantity: unknown;
  barcode: string;
  current_stock: unknown;
};

/**
 * The package's sale in ONE statement, the function ship_package (drizzle/functions/ship_package.sql,
 * planned once per connection, atomic without BEGIN/COMMIT): the order's row locked while it is
 * unshipped and, with `seen`, unchanged since it was read; its products' rows locked in id order
 * (so that two packers never wait on each other in a cycle); then, only when every product has
 * the stock, the decrements, the Barang Keluar records (cost and default price copied from the
 * product; the order's resi, id and price; one per part of a product), the order's change and the
 * one PACK_ORDER entry. Otherwise nothing is written. Refused: one row per product; sold: one row
 * per record, in product id order.
 */
async function sellPackage(
  db: DbOrTx,
  order: OrderRow,
  seen: string | null,
  resi: string,
  products: readonly PackageProduct[],
  actor: ActivityActor,
  now: Date,
  timeZone: string,
  note = '',
): Promise<SoldRow[]> {
  const wanted = JSON.stringify(
    products.map((product) => ({
      product_id: product.productId,
      quantity: product.quantity,
      parts: product.parts,
    })),
  );
  const items = products.map(
    (product) => `${product.product_name} (${product.product_code}) x${product.quantity}`,
  );
  const details = `Paket ${MARKETPLACE_CHANNEL_LABELS[order.channel]} ${order.order_number} resi ${resi} dikirim: ${items.join(', ')}${note}`;
  const { rows } = await db.execute<SoldRow>(sql`
    select * from ship_package(${wanted}::jsonb, ${order.id}::integer, ${seen}, ${resi},
      ${todayIn(timeZone, now)}::date, ${now.toISOString()}::timestamptz, ${actor.id}::integer,
      ${actor.name}, ${actor.email}, ${details})`);
  return rows;
}

/** The order changed (shipped, cancelled, re-imported) between its read and its sale. */
class OrderChanged extends Error {}

/** How often a ship reads the order again when it changed before the sale (then it locks it). */
const UNLOCKED_ATTEMPTS = 3;

/**
 * Ships an order as read: refusals first (shipped, status, no resi, scans), then the package's
 * sale in one statement (sellPackage), which writes all of it or nothing. `seen`: the version
 * the order was read at (the sale throws OrderChanged when it is no longer so), or null when the
 * caller's transaction holds the order's row lock.
 */
async function shipOrder(
  db: DbOrTx,
  order: OrderRow,
  seen: string | null,
  scans: readonly PackingScan[] | null,
  actor: ActivityActor,
  options: ShipOptions,
): Promise<OutgoingGoods[]> {
  if (order.shipped_at !== null)
    throw new Refusal(
      409,
      PACKING_MESSAGES.alreadyShipped(
        shippedDate(toDate(order.shipped_at), options.timeZone),
        order.shipped_by_name ?? '-',
      ),
    );
  if (NOT_SHIPPABLE.includes(order.status))
    throw new Refusal(409, PACKING_MESSAGES.notShippable(MARKETPLACE_STATUS_LABELS[order.status]));
  const resi = order.resi_number?.trim() ?? '';
  if (resi === '') throw new Refusal(409, PACKING_MESSAGES.noResi);
  // Read with the order's version (or under its lock): an import that fills or adds a skipped
  // line changes the row, and the sale below then does not go ahead as read.
  const missing = jsonColumn(order.skipped_lines).map(PACKING_MESSAGES.skippedLine);
  if (missing.length > 0 && options.confirmIncomplete !== true)
    throw new Refusal(409, PACKING_MESSAGES.incomplete(missing));
  const note = missing.length > 0 ? PACKING_MESSAGES.shippedIncomplete(missing) : '';
  const products = await packageProducts(db, order);
  if (scans !== null) {
    const problems = scanProblems(products, scans);
    if (problems !== null) throw new Refusal(409, problems);
  }
  const now = options.now?.() ?? new Date();
  const rows = await sellPackage(
    db,
    order,
    seen,
    resi,
    products,
    actor,
    now,
    options.timeZone,
    note,
  );
  if (rows.some((row) => !row.order_ok)) throw new OrderChanged();
  const rowOf = new Map(rows.map((row) => [toNumber(row.wanted_id), row]));
  // The first product (id order) the stock does not cover; nothing was written.
  const short = products.find((product) => rowOf.get(product.productId)?.enough !== true);
  if (short !== undefined)
    throw new Refusal(
      409,
      PACKING_MESSAGES.insufficientStock(
        short.product_name,
        toNumber(rowOf.get(short.productId)?.current_stock ?? 0),
      ),
    );
  // ship_package writes every record or raises; a 201 never goes out without them.
  const records = products.reduce((sum, product) => sum + product.parts.length, 0);
  if (rows.length !== records || rows.some((row) => row.id === null))
    throw new Error(`ship_package answered ${rows.length} rows without every record`);
  return rows.map((row) => ({
    id: toNumber(row.id),
    date: row.date,
    product_id: toNumber(row.product_id),
    product_code: row.product_code,
    product_name: row.product_name,
    category: row.category,
    brand: row.brand,
    resi_number: row.resi_number,
    quantity: toNumber(row.quantity),
    barcode: row.barcode,
    current_stock: toNumber(row.current_stock),
  }));
}

/**
 * POST /api/packing/:resi/ship: the scanned package, all or nothing. The order is read without a
 * lock and sold in one statement that goes ahead only while the order is as read (no BEGIN or
 * COMMIT round trips); a packer who lost a race reads it again and is told it was shipped. After
 * UNLOCKED_ATTEMPTS changes in a row, the ship takes the order's row lock for its transaction.
 */
export async function shipByResi(
  db: Db,
  resi: string,
  scans: readonly PackingScan[],
  actor: ActivityActor,
  options: ShipOptions,
): Promise<Result<OutgoingGoods[]>> {
  for (let attempt = 1; attempt <= UNLOCKED_ATTEMPTS; attempt++) {
    const order = await orderByResi(db, resi, false);
    if (order === null) return refused(new Refusal(404, PACKING_MESSAGES.resiNotFound));
    try {
      return await inOneStatement(
        () => shipOrder(db, order, order.version, scans, actor, options),
        resiConflict,
      );
    } catch (error) {
      if (!(error instanceof OrderChanged)) throw error;
    }
  }
  return inTransaction(db, (tx) => shipByResiIn(tx, resi, scans, actor, options), resiConflict);
}

/**
 * shipByResi inside the caller's transaction, under the order's row lock (a ship sent with a
 * client_id, lib/idempotency.ts): the same ship_package sale; a refusal is thrown, rolling the
 * transaction back. A resi taken meanwhile is the caller's to map (resiConflict).
 */
export async function shipByResiIn(
  tx: Tx,
  resi: string,
  scans: readonly PackingScan[],
  actor: ActivityActor,
  options: ShipOptions,
): Promise<OutgoingGoods[]> {
  const order = await orderByResi(tx, resi, true);
  if (order === null) throw new Refusal(404, PACKING_MESSAGES.resiNotFound);
  return shipOrder(tx, order, null, scans, actor, options);
}

/** POST /api/marketplace-orders/ship: each order as it is, each in its own transaction. */
export async function shipOrders(
  db: Db,
  ids: readonly number[],
  actor: ActivityActor,
  options: ShipOptions,
): Promise<ShipOrdersResult> {
  const result: ShipOrdersResult = { shipped: [], refused: [] };
  for (const id of [...new Set(ids)]) {
    const outcome = await inTransaction(
      db,
      async (tx) => {
        const order = await orderById(tx, id);
        if (order === null) throw new Refusal(404, PACKING_MESSAGES.orderNotFound);
        return shipOrder(tx, order, null, null, actor, options);
      },
      resiConflict,
    );
    if (outcome.ok) result.shipped.push(id);
    else result.refused.push({ id, message: outcome.message });
  }
  return result;
}

type TodayRow = {
  id: number;
  channel: MarketplaceChannel;
  order_number: string;
  resi_number: string | null;
  shipped_at: Date | string;
  shipped_by_name: string | null;
  quantity: unknown;
  total: unknown;
};

/** GET /api/packing: the packages shipped today (the shop's day), newest first, and their count. */
export async function packedToday(
  db: DbOrTx,
  timeZone: string,
  now: Date = new Date(),
): Promise<PackedToday> {
  const today = todayIn(timeZone, now);
  // The shop's day as an instant range, read from marketplace_orders_shipped_at_idx.
  const since = sql`(${today}::date::timestamp at time zone ${timeZone})`;
  const until = sql`((${today}::date + 1)::timestamp at time zone ${timeZone})`;
  const { rows } = await db.execute<TodayRow>(sql`
    select o.id, o.channel, o.order_number, o.resi_number, o.shipped_at, o.shipped_by_name,
           (select coalesce(sum(g.quantity), 0) from outgoing_goods g
             where g.marketplace_order_id = o.id) as quantity,
           count(*) over () as total
      from marketplace_orders o
     where o.shipped_at >= ${since} and o.shipped_at < ${until}
     order by o.shipped_at desc, o.id desc
     limit ${PACKING_TODAY_LIMIT}`);
  return {
    count: rows[0] === undefined ? 0 : toNumber(rows[0].total),
    data: rows.map((row) => ({
      id: toNumber(row.id),
      channel: row.channel,
      order_number: row.order_number,
      resi_number: row.resi_number ?? '',
      shipped_at: toDate(row.shipped_at).toISOString(),
      shipped_by: row.shipped_by_name ?? '-',
      quantity: toNumber(row.quantity),
    })),
  };
}
