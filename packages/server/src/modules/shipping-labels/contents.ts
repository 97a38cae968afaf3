// From what the worker read of each page to what it writes: every candidate resi of every page
// looked up at once against the imported orders (marketplace_orders_resi_lower_idx), the matched
// orders' lines through the SKU mappings (bundles expanded into their products, as Scan Kirim
// packs them) with each product's rak, and the pages in the answer's order (the input's, or a
// pick batch's label order). A handful of statements for the whole file, none per page.
import type {
  MarketplaceChannel,
  ShippingLabelMissingOrder,
  ShippingLabelMode,
  ShippingLabelUnmatchedPage,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idArray, textArray } from '../../lib/id-array';
import { toNumber } from '../../lib/numbers';
import { resolver, type OrderLineRow } from '../marketplace/service';
import type { ContentLine, LabelContents, PageText, WritePlan } from './label-types';

type OrderRow = {
  id: number;
  channel: MarketplaceChannel;
  order_number: string;
  resi_number: string;
  resi_key: string;
};

type LineRow = Omit<OrderLineRow, 'unit_price'>;

export interface LabelPlan {
  plan: WritePlan;
  matched: number;
  unmatched: ShippingLabelUnmatchedPage[];
  /** The batch's orders that no page is the label of, in the batch's order. */
  missing: ShippingLabelMissingOrder[];
}

/**
 * The orders of the resis among `keys` (lower case): for a resi two orders carry, the one still
 * to pack, then the newest (as Scan Kirim picks it).
 */
async function ordersOf(db: DbOrTx, keys: readonly string[]): Promise<Map<string, OrderRow>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.execute<OrderRow>(sql`
    select distinct on (lower(resi_number)) lower(resi_number) as resi_key, id, channel,
           order_number, resi_number
      from marketplace_orders
     where lower(resi_number) = any(${textArray(keys)})
     order by lower(resi_number), (shipped_at is null) desc, id desc`);
  return new Map(rows.map((row) => [row.resi_key, { ...row, id: toNumber(row.id) }]));
}

const byRackThenCode = (a: ContentLine, b: ContentLine) => {
  if (a.rack !== b.rack) {
    if (a.rack === null) return 1;
    if (b.rack === null) return -1;
    return a.rack < b.rack ? -1 : 1;
  }
  return a.code.localeCompare(b.code, 'en') || (a.variation ?? '').localeCompare(b.variation ?? '');
};

/**
 * Each order's contents: per line, its products through the SKU mappings (a bundle's items times
 * the line's quantity), or the line as the file names it when its SKU is not mapped; one line
 * per product and variation, sorted by rak (none last) then code.
 */
async function contentsOf(
  db: DbOrTx,
  orders: readonly OrderRow[],
): Promise<Map<number, ContentLine[]>> {
  const contents = new Map<number, ContentLine[]>();
  if (orders.length === 0) return contents;
  const { rows } = await db.execute<LineRow>(sql`
    select order_id, sku, variation, product_name, quantity
      from marketplace_order_lines
     where order_id = any(${idArray(orders.map((order) => order.id))})
     order by order_id, id`);
  const lines = rows.map((row) => ({
    ...row,
    order_id: toNumber(row.order_id),
    quantity: toNumber(row.quantity),
  }));
  const channelOf = new Map(orders.map((order) => [order.id, order.channel]));
  const resolvers = new Map<MarketplaceChannel, Awaited<ReturnType<typeof resolver>>>();
  for (const channel of new Set(orders.map((order) => order.channel))) {
    const keys = lines
      .filter((line) => channelOf.get(line.order_id) === channel)
      .map((line) => ({ sku: line.sku, variation: line.variation === '' ? null : line.variation }));
    resolvers.set(channel, await resolver(db, channel, keys));
  }
  const resolved = lines.map((line) => {
    const resolve = resolvers.get(channelOf.get(line.order_id) as MarketplaceChannel);
    const variation = line.variation === '' ? null : line.variation;
    return { line, variation, items: resolve?.(line.sku, variation) ?? [] };
  });
  const productIds = [
    ...new Set(resolved.flatMap(({ items }) => items.map((item) => item.productId))),
  ];
  const racks = new Map<number, string | null>();
  if (productIds.length > 0) {
    const { rows: rackRows } = await db.execute<{ id: number; rack: string | null }>(sql`
      select id, rack from products where id = any(${idArray(productIds)})`);
    for (const row of rackRows) racks.set(toNumber(row.id), row.rack);
  }

  const merged = new Map<number, Map<string, ContentLine>>();
  const add = (orderId: number, entry: ContentLine) => {
    const lines = merged.get(orderId) ?? new Map<string, ContentLine>();
    const key = `${entry.code.toLowerCase()}\u0001${(entry.variation ?? '').toLowerCase()}`;
    const kept = lines.get(key);
    if (kept === undefined) lines.set(key, entry);
    else kept.quantity += entry.quantity;
    merged.set(orderId, lines);
  };
  for (const { line, variation, items } of resolved) {
    if (items.length === 0)
      add(line.order_id, {
        code: line.sku,
        name: line.product_name,
        variation,
        quantity: line.quantity,
        rack: null,
      });
    for (const item of items)
      add(line.order_id, {
        code: item.product_code,
        name: item.product_name,
        variation,
        quantity: item.quantity * line.quantity,
        rack: racks.get(item.productId) ?? null,
      });
  }
  for (const [orderId, lines] of merged)
    contents.set(orderId, [...lines.values()].sort(byRackThenCode));
  return contents;
}

/** The label order of a pick batch's orders: order id -> position; null: no such batch. */
export async function batchPositions(
  db: DbOrTx,
  batchId: number,
): Promise<Map<number, number> | null> {
  const { rows } = await db.execute<{ order_id: number | null; position: number | null }>(sql`
    select o.order_id, o.position
      from pick_batches b
      left join pick_batch_orders o on o.batch_id = b.id
     where b.id = ${batchId}`);
  if (rows.length === 0) return null;
  const positions = new Map<number, number>();
  for (const row of rows)
    if (row.order_id !== null) positions.set(toNumber(row.order_id), toNumber(row.position ?? 0));
  return positions;
}

/**
 * What to write for each page: a page whose candidates name one order gets its contents; a page
 * without text, without a known resi or with the resis of two orders stays as it is and is
 * listed. The pages follow `positions` (a batch's label order) when given, the pages of orders
 * outside it after them, in the file's order.
 */
export async function planLabels(
  db: DbOrTx,
  pages: readonly PageText[],
  mode: ShippingLabelMode,
  positions: Map<number, number> | null,
): Promise<LabelPlan> {
  const keys = [...new Set(pages.flatMap((page) => page.tokens))];
  const orders = await ordersOf(db, keys);
  const orderOfPage = pages.map((page) => {
    const found = new Map<number, OrderRow>();
    for (const token of page.tokens) {
      const order = orders.get(token);
      if (order !== undefined) found.set(order.id, order);
    }
    return [...found.values()];
  });
  const matchedOrders = [
    ...new Map(
      orderOfPage
        .flatMap((found) => (found.length === 1 ? found : []))
        .map((order) => [order.id, order]),
    ).values(),
  ];
  const contentsByOrder = await contentsOf(db, matchedOrders);

  const unmatched: ShippingLabelUnmatchedPage[] = [];
  const contents: (LabelContents | null)[] = pages.map((page, index) => {
    const found = orderOfPage[index] ?? [];
    const order = found[0];
    if (found.length === 1 && order !== undefined)
      return {
        resi: order.resi_number,
        orderNumber: order.order_number,
        lines: contentsByOrder.get(order.id) ?? [],
      };
    unmatched.push({
      page: index + 1,
      reason: !page.hasText ? 'no_text' : found.length > 1 ? 'several_orders' : 'unknown_resi',
      resi: found.length > 1 ? found.map((o) => o.resi_number).join(', ') : page.guess,
    });
    return null;
  });

  const order = pages.map((_page, index) => index);
  if (positions !== null) {
    const rank = (index: number) => {
      const found = orderOfPage[index];
      const position =
        found?.length === 1 && found[0] !== undefined ? positions.get(found[0].id) : undefined;
      return position ?? Number.POSITIVE_INFINITY;
    };
    // Stable: equal ranks (pages outside the batch) keep the file's order.
    order.sort((a, b) => rank(a) - rank(b) || a - b);
  }
  return {
    plan: { mode, order, contents },
    matched: contents.filter((entry) => entry !== null).length,
    unmatched,
    missing: positions === null ? [] : await missingOrders(db, positions, matchedOrders),
  };
}

/** The orders of a batch (`positions`) that are not among `labelled`, in the batch's order. */
async function missingOrders(
  db: DbOrTx,
  positions: Map<number, number>,
  labelled: readonly OrderRow[],
): Promise<ShippingLabelMissingOrder[]> {
  const done = new Set(labelled.map((order) => order.id));
  const ids = [...positions.keys()].filter((id) => !done.has(id));
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{
    id: number;
    order_number: string;
    resi_number: string | null;
  }>(
    sql`select id, order_number, resi_number from marketplace_orders where id = any(${idArray(ids)})`,
  );
  return rows
    .map((row) => ({
      position: positions.get(toNumber(row.id)) ?? 0,
      order_number: row.order_number,
      resi_number: row.resi_number,
    }))
    .sort((a, b) => a.position - b.position);
}
