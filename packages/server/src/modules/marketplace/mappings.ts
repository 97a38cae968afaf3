// SKU mappings (Pemetaan SKU): a marketplace SKU (with its variation, for one channel or all)
// stands for one or more of the shop's products, each with a quantity. The resolution here is
// the one every import, the order list, packing and the stock file use.
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_MESSAGES,
  type MappedProduct,
  type MarketplaceChannel,
  type SkuMapping,
  type SkuMappingInput,
  type SkuMappingList,
  type SkuMappingQuery,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { Refusal, type Result } from '../../lib/result';
import { pageOf, paginationOf } from '../../lib/paging';
import { searchPattern } from '../../lib/search';
import { textArray } from '../../lib/id-array';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

/** A marketplace SKU and variation as a line carries them (variation null: none given). */
export interface SkuKey {
  sku: string;
  variation: string | null;
}

export interface ResolvedItem {
  productId: number;
  product_code: string;
  product_name: string;
  quantity: number;
  currentStock: number;
  /** The product's barcode and default selling price (Scan Kirim reads them from here). */
  barcodeId: string;
  sellingPrice: number | null;
}

const priceOf = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

const keyOf = (sku: string, variation: string | null) =>
  `${sku.trim().toLowerCase()}\u0001${(variation ?? '').trim().toLowerCase()}`;

export type MappingRow = {
  id: number;
  channel: string | null;
  sku: string;
  variation: string | null;
  product_id: number;
  code: string;
  name: string;
  quantity: number;
  current_stock: number;
  barcode_id: string;
  selling_price: unknown;
};

export type ProductRow = {
  id: number;
  code: string;
  barcode_id: string;
  name: string;
  current_stock: number;
  selling_price: unknown;
};

/** The rows a resolution is made of: the mappings of some SKUs and the products they name. */
export interface ResolverRows {
  mappings: readonly MappingRow[];
  products: readonly ProductRow[];
}

/**
 * The same rows as JSON columns `mappings` and `products` of a statement about one order, for
 * the SKUs of that order's lines (`order`: the SQL of the order's row, e.g. its table name), so
 * that the order and its resolution are read in one round trip (Scan Kirim). The SKUs are
 * compared as `resolver` compares them (trimmed, any letter case).
 */
export function resolverColumns(order: SQL): SQL {
  const skus = sql`array(select distinct lower(btrim(l.sku)) from marketplace_order_lines l
                          where l.order_id = ${order}.id)`;
  return sql`(select coalesce(json_agg(json_build_object(
                'id', m.id, 'channel', m.channel, 'sku', m.sku, 'variation', m.variation,
                'product_id', p.id, 'code', p.code, 'name', p.name, 'quantity', i.quantity,
                'current_stock', p.current_stock, 'barcode_id', p.barcode_id,
                'selling_price', p.selling_price) order by m.id, p.code), '[]')
       from sku_mappings m
       join sku_mapping_items i on i.mapping_id = m.id
       join products p on p.id = i.product_id
      where lower(m.sku) = any(${skus})
        and (m.channel is null or m.channel = ${order}.channel)) as mappings,
    (select coalesce(json_agg(json_build_object(
                'id', p.id, 'code', p.code, 'barcode_id', p.barcode_id, 'name', p.name,
                'current_stock', p.current_stock, 'selling_price', p.selling_price)), '[]')
       from products p
      where lower(p.code) = any(${skus}) or lower(p.barcode_id) = any(${skus})) as products`;
}

/**
 * Resolves SKUs of one channel to products: an explicit mapping first (one for this channel
 * before one for all channels; one for this variation before one for every variation), else a
 * product whose code or barcode is the SKU (any letter case), as 1 x that product. Returns a
 * function from a line's SKU and variation to its items (empty: unknown SKU).
 */
export async function resolver(
  db: DbOrTx,
  channel: MarketplaceChannel,
  keys: readonly SkuKey[],
): Promise<(sku: string, variation: string | null) => ResolvedItem[]> {
  if (keys.length === 0) return () => [];
  return resolverOf(await resolverRows(db, channel, keys));
}

/** The rows `resolver` resolves the SKUs of `keys` with (the import compares them, issue 41). */
export async function resolverRows(
  db: DbOrTx,
  channel: MarketplaceChannel,
  keys: readonly SkuKey[],
): Promise<ResolverRows> {
  const skus = [...new Set(keys.map((key) => key.sku.trim().toLowerCase()))];
  if (skus.length === 0) return { mappings: [], products: [] };
  const { rows: mappings } = await db.execute<MappingRow>(sql`
    select m.id, m.channel, m.sku, m.variation, p.id as product_id, p.code, p.name,
           i.quantity, p.current_stock, p.barcode_id, p.selling_price
      from sku_mappings m
      join sku_mapping_items i on i.mapping_id = m.id
      join products p on p.id = i.product_id
     where lower(m.sku) = any(${textArray(skus)})
       and (m.channel is null or m.channel = ${channel})
     order by m.id, p.code`);
  const { rows: products } = await db.execute<ProductRow>(sql`
    select id, code, barcode_id, name, current_stock, selling_price from products
     where lower(code) = any(${textArray(skus)}) or lower(barcode_id) = any(${textArray(skus)})`);
  return { mappings, products };
}

/** The resolution of `rows` (read by `resolver`, or with an order by `resolverColumns`). */
export function resolverOf({
  mappings,
  products,
}: ResolverRows): (sku: string, variation: string | null) => ResolvedItem[] {
  // Per SKU and variation (lower case), the mappings by rank: 0 channel + variation, 1 channel
  // + every variation, 2 all channels + variation, 3 all channels + every variation.
  const byMapping = new Map<number, { row: MappingRow; items: ResolvedItem[] }>();
  for (const row of mappings) {
    const entry = byMapping.get(row.id) ?? { row, items: [] };
    entry.items.push({
      productId: row.product_id,
      product_code: row.code,
      product_name: row.name,
      quantity: Number(row.quantity),
      currentStock: Number(row.current_stock),
      barcodeId: row.barcode_id,
      sellingPrice: priceOf(row.selling_price),
    });
    byMapping.set(row.id, entry);
  }
  const cache = new Map<string, ResolvedItem[]>();
  const bySku = new Map<string, { rank: number; variation: string; items: ResolvedItem[] }[]>();
  for (const { row, items } of byMapping.values()) {
    const sku = row.sku.trim().toLowerCase();
    const variation = (row.variation ?? '').trim().toLowerCase();
    const rank = (row.channel === null ? 2 : 0) + (row.variation === null ? 1 : 0);
    const list = bySku.get(sku) ?? [];
    list.push({ rank, variation, items });
    bySku.set(sku, list);
  }
  const byProduct = new Map<string, ResolvedItem[]>();
  for (const product of products) {
    const item: ResolvedItem[] = [
      {
        productId: product.id,
        product_code: product.code,
        product_name: product.name,
        quantity: 1,
        currentStock: Number(product.current_stock),
        barcodeId: product.barcode_id,
        sellingPrice: priceOf(product.selling_price),
      },
    ];
    // A code wins over another product's barcode of the same text.
    byProduct.set(
      product.barcode_id.toLowerCase(),
      byProduct.get(product.barcode_id.toLowerCase()) ?? item,
    );
    byProduct.set(product.code.toLowerCase(), item);
  }
  return (sku, variation) => {
    const key = keyOf(sku, variation);
    const known = cache.get(key);
    if (known !== undefined) return known;
    const wanted = (variation ?? '').trim().toLowerCase();
    const lowerSku = sku.trim().toLowerCase();
    const candidates = (bySku.get(lowerSku) ?? []).filter(
      (mapping) => mapping.rank % 2 === 1 || (variation !== null && mapping.variation === wanted),
    );
    candidates.sort((a, b) => a.rank - b.rank);
    const items = candidates[0]?.items ?? byProduct.get(lowerSku) ?? [];
    cache.set(key, items);
    return items;
  };
}

/** How many units of a SKU the stock makes: the least over its items of floor(stock / quantity). */
export function availableUnits(items: readonly ResolvedItem[]): number {
  if (items.length === 0) return 0;
  return Math.max(
    0,
    Math.min(...items.map((item) => Math.floor(item.currentStock / item.quantity))),
  );
}

export const toMapped = (items: readonly ResolvedItem[]): MappedProduct[] =>
  items.map(({ product_code, product_name, quantity }) => ({
    product_code,
    product_name,
    quantity,
  }));

// The list and the PUT answer.

type ListedRow = {
  id: number;
  channel: MarketplaceChannel | null;
  sku: string;
  variation: string | null;
  items: MappedProduct[] | string | null;
  total: number | string;
};

function mappingOf(row: ListedRow): SkuMapping {
  const items =
    typeof row.items === 'string' ? (JSON.parse(row.items) as MappedProduct[]) : (row.items ?? []);
  return { id: row.id, channel: row.channel, sku: row.sku, variation: row.variation, items };
}

const ITEMS_OF = sql`coalesce((
  select json_agg(json_build_object('product_code', p.code, 'product_name', p.name,
                                    'quantity', i.quantity) order by p.code)
    from sku_mapping_items i join products p on p.id = i.product_id
   where i.mapping_id = m.id), '[]'::json)`;

/**
 * A page of the mappings by SKU, searched over SKU and variation (sku_mappings_search_trgm_idx)
 * and over the mapped products' codes and names (products_search_trgm_idx).
 */
export async function listMappings(db: DbOrTx, query: SkuMappingQuery): Promise<SkuMappingList> {
  const { page, limit, offset } = pageOf(query);
  const pattern = searchPattern(query.search);
  const where =
    pattern === null
      ? sql`true`
      : sql`((m.sku || chr(1) || coalesce(m.variation, '')) ilike ${pattern}
            or m.id in (select i.mapping_id from sku_mapping_items i
                         where i.product_id = any(array(
                           select p.id from products p
                            where (p.name || chr(1) || p.code || chr(1) || p.barcode_id || chr(1) ||
                                   p.category || chr(1) || p.brand) ilike ${pattern}))))`;
  const { rows } = await db.execute<ListedRow>(sql`
    select m.id, m.channel, m.sku, m.variation, ${ITEMS_OF} as items, count(*) over () as total
      from sku_mappings m
     where ${where}
     order by lower(m.sku), m.channel nulls first, m.variation nulls first, m.id
     limit ${limit} offset ${offset}`);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const { rows: counted } = await db.execute<{ total: number | string }>(
      sql`select count(*) as total from sku_mappings m where ${where}`,
    );
    total = Number(counted[0]?.total ?? 0);
  }
  return {
    data: rows.map(mappingOf),
    pagination: paginationOf({ page, limit }, total),
  };
}

async function readMapping(db: DbOrTx, id: number): Promise<SkuMapping | null> {
  const { rows } = await db.execute<ListedRow>(sql`
    select m.id, m.channel, m.sku, m.variation, ${ITEMS_OF} as items, 1 as total
      from sku_mappings m where m.id = ${id}`);
  const row = rows[0];
  return row === undefined ? null : mappingOf(row);
}

const describeMapping = (mapping: SkuMapping) => {
  const where = [
    mapping.channel === null ? 'semua channel' : MARKETPLACE_CHANNEL_LABELS[mapping.channel],
    mapping.variation === null ? null : `variasi ${mapping.variation}`,
  ]
    .filter((part) => part !== null)
    .join(', ');
  const items = mapping.items.map((item) => `${item.quantity} x ${item.product_code}`).join(' + ');
  return `SKU ${mapping.sku} (${where}) = ${items}`;
};

/** Creates the mapping of (channel, SKU, variation) or replaces its products. */
export function saveMapping(
  db: Db,
  input: SkuMappingInput,
  actor: ActivityActor,
): Promise<Result<SkuMapping>> {
  const channel = input.channel ?? null;
  const sku = input.sku.trim();
  const variationText = input.variation?.trim() ?? '';
  const variation = variationText === '' ? null : variationText;
  const codes = input.items.map((item) => item.product_code.trim().toLowerCase());
  const duplicate = codes.find((code, index) => codes.indexOf(code) !== index);
  return inTransaction(
    db,
    async (tx) => {
      if (duplicate !== undefined)
        throw new Refusal(
          400,
          MARKETPLACE_MESSAGES.mappingDuplicateProduct(duplicate.toUpperCase()),
        );
      const { rows: found } = await tx.execute<{ id: number; code: string }>(
        sql`select id, code from products where lower(code) = any(${textArray(codes)}) for key share`,
      );
      const productOf = new Map(found.map((row) => [row.code.toLowerCase(), row.id]));
      for (const item of input.items) {
        if (!productOf.has(item.product_code.trim().toLowerCase()))
          throw new Refusal(400, MARKETPLACE_MESSAGES.productUnknown(item.product_code.trim()));
      }
      const { rows: saved } = await tx.execute<{ id: number }>(sql`
        insert into sku_mappings (channel, sku, variation) values (${channel}, ${sku}, ${variation})
        on conflict (lower(sku), coalesce(channel, ''), lower(coalesce(variation, '')))
        do update set sku = excluded.sku, variation = excluded.variation, updated_at = now()
        returning id`);
      const id = saved[0]?.id;
      if (id === undefined) throw new Error('the mapping upsert returned no row');
      await tx.execute(sql`delete from sku_mapping_items where mapping_id = ${id}`);
      const items = input.items.map((item) => ({
        product_id: productOf.get(item.product_code.trim().toLowerCase()),
        quantity: item.quantity,
      }));
      await tx.execute(sql`
        insert into sku_mapping_items (mapping_id, product_id, quantity)
        select ${id}, x.product_id, x.quantity
          from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(product_id integer, quantity integer)`);
      const mapping = await readMapping(tx, id);
      if (mapping === null) throw new Error(`mapping ${id} vanished inside its transaction`);
      await logActivity(tx, {
        action: 'UPDATE_SKU_MAPPING',
        user: actor,
        details: `Pemetaan SKU disimpan: ${describeMapping(mapping)}`,
      });
      return mapping;
    },
    (error) =>
      isForeignKeyViolation(error)
        ? new Refusal(400, MARKETPLACE_MESSAGES.productUnknown(input.items[0]?.product_code ?? ''))
        : null,
  );
}

export function deleteMapping(db: Db, id: number, actor: ActivityActor): Promise<Result<null>> {
  return inTransaction(db, async (tx) => {
    const mapping = await readMapping(tx, id);
    if (mapping === null) throw new Refusal(404, MARKETPLACE_MESSAGES.mappingNotFound);
    await tx.execute(sql`delete from sku_mappings where id = ${id}`);
    await logActivity(tx, {
      action: 'DELETE_SKU_MAPPING',
      user: actor,
      details: `Pemetaan SKU dihapus: ${describeMapping(mapping)}`,
    });
    return null;
  });
}
