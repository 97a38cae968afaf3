import type {
  DamagedGoods,
  DamagedGoodsInput,
  DamagedGoodsList,
  PageQuery,
} from '@gudang/api-client/contract';
import { count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { damagedGoods, products, rowCounts } from '../../db/schema';
import { joinedContains } from '../../lib/search';
import { logCount } from '../../lib/log-text';
import { listPage, newestFirst, newestFirstReaders } from '../../lib/paging';
import { MSG_RECORD_NOT_FOUND, Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

// Damaged records never touch current_stock (docs/adr/0004-damaged-goods-do-not-change-stock.md).

const damagedRow = {
  id: damagedGoods.id,
  barcode_id: damagedGoods.barcodeId,
  code: damagedGoods.code,
  name: damagedGoods.name,
  stock: damagedGoods.stock,
  category: damagedGoods.category,
  brand: damagedGoods.brand,
  damage_reason: damagedGoods.damageReason,
  date: damagedGoods.date,
};

// Search matches every text column the list shows, in the order of damaged_goods_search_trgm_idx.
const searchColumns = [
  damagedGoods.name,
  damagedGoods.code,
  damagedGoods.barcodeId,
  damagedGoods.category,
  damagedGoods.brand,
  damagedGoods.damageReason,
];
const NEWEST_FIRST = newestFirst(damagedGoods);

export function listDamaged(db: DbOrTx, query: PageQuery): Promise<DamagedGoodsList> {
  const { searched, estimate, pageIds } = newestFirstReaders(db, damagedGoods);
  return listPage(query, (pattern) => joinedContains(searchColumns, pattern), {
    // An unsearched page and the counter the row_counts trigger keeps, in one statement.
    pageWithTotal: async (limit, offset) => {
      const rows = await db
        .select({
          row: damagedRow,
          total: sql<number>`(select ${rowCounts.rows} from ${rowCounts}
                               where ${rowCounts.tableName} = 'damaged_goods')`.mapWith(Number),
        })
        .from(damagedGoods)
        .where(pageIds(undefined, limit, offset, false))
        .orderBy(...NEWEST_FIRST);
      return { rows: rows.map((counted) => counted.row), total: rows[0]?.total ?? null };
    },
    searched,
    rowsOf: (ids) =>
      db
        .select(damagedRow)
        .from(damagedGoods)
        .where(inArray(damagedGoods.id, ids))
        .orderBy(...NEWEST_FIRST),
    estimate,
    count: async (where) => {
      // All rows: the counter the row_counts trigger keeps.
      const [row] =
        where === undefined
          ? await db
              .select({ total: rowCounts.rows })
              .from(rowCounts)
              .where(eq(rowCounts.tableName, 'damaged_goods'))
          : await db.select({ total: count() }).from(damagedGoods).where(where);
      return Number(row?.total ?? 0);
    },
    rows: (where, limit, offset, sortMatches) =>
      db
        .select(damagedRow)
        .from(damagedGoods)
        .where(pageIds(where, limit, offset, sortMatches))
        .orderBy(...NEWEST_FIRST),
  });
}

/** The stored fields of a damaged record, texts trimmed. */
export interface DamagedValues {
  barcodeId: string;
  code: string;
  name: string;
  stock: number;
  category: string;
  brand: string;
  damageReason: string;
  date: string;
}

export function damagedValues(body: DamagedGoodsInput): DamagedValues {
  return {
    barcodeId: body.barcode_id.trim(),
    code: body.code.trim(),
    name: body.name.trim(),
    stock: body.stock,
    category: body.category.trim(),
    brand: body.brand.trim(),
    damageReason: body.damage_reason.trim(),
    date: body.date,
  };
}

/** The product the record is about, if one has its barcode (preferred) or code. */
async function linkedProductId(tx: Tx, values: DamagedValues): Promise<number | null> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      or(
        sql`lower(${products.barcodeId}) = lower(${values.barcodeId})`,
        sql`lower(${products.code}) = lower(${values.code})`,
      ),
    )
    .orderBy(sql`lower(${products.barcodeId}) = lower(${values.barcodeId}) desc`, products.id)
    .limit(1);
  return row?.id ?? null;
}

function describe(values: Pick<DamagedValues, 'name' | 'code' | 'stock' | 'damageReason'>): string {
  return `${values.name} (${values.code}) ${logCount(values.stock)} unit, alasan: ${values.damageReason}`;
}

async function mustFind(tx: Tx, id: number): Promise<DamagedGoods> {
  const [row] = await tx.select(damagedRow).from(damagedGoods).where(eq(damagedGoods.id, id));
  if (row === undefined) throw new Error(`damaged goods ${id} vanished inside its transaction`);
  return row;
}

export function createDamaged(
  db: Db,
  values: DamagedValues,
  actor: ActivityActor,
): Promise<Result<DamagedGoods>> {
  return inTransaction(db, async (tx) => {
    const [record] = await tx
      .insert(damagedGoods)
      .values({ ...values, productId: await linkedProductId(tx, values), createdBy: actor.id })
      .returning({ id: damagedGoods.id });
    if (record === undefined) throw new Error('insert returned no row');
    await logActivity(tx, {
      action: 'DAMAGED_GOODS',
      user: actor,
      details: `Barang rusak: ${describe(values)}`,
    });
    return mustFind(tx, record.id);
  });
}

export function updateDamaged(
  db: Db,
  id: number,
  values: DamagedValues,
  actor: ActivityActor,
): Promise<Result<DamagedGoods>> {
  return inTransaction(db, async (tx) => {
    const [old] = await tx
      .update(damagedGoods)
      .set({ ...values, productId: await linkedProductId(tx, values), updatedAt: new Date() })
      .where(eq(damagedGoods.id, id))
      .returning({ id: damagedGoods.id });
    if (old === undefined) throw new Refusal(404, MSG_RECORD_NOT_FOUND);
    await logActivity(tx, {
      action: 'UPDATE_DAMAGED_GOODS',
      user: actor,
      details: `Barang rusak #${id} diperbarui: ${describe(values)}`,
    });
    return mustFind(tx, id);
  });
}

export function deleteDamaged(db: Db, id: number, actor: ActivityActor): Promise<Result<null>> {
  return inTransaction(db, async (tx) => {
    const [old] = await tx.delete(damagedGoods).where(eq(damagedGoods.id, id)).returning();
    if (old === undefined) throw new Refusal(404, MSG_RECORD_NOT_FOUND);
    await logActivity(tx, {
      action: 'DELETE_DAMAGED_GOODS',
      user: actor,
      details: `Barang rusak #${id} dihapus: ${describe(old)}`,
    });
    return null;
  });
}
