import {
  MARKETPLACE_CHANNEL_LABELS,
  MESSAGES,
  RESERVATION_MESSAGES,
  RETURN_MESSAGES,
  type CheckResiResponse,
  type MarketplaceChannel,
  type OutgoingGoods,
  type OutgoingGoodsInput,
  type OutgoingGoodsList,
  type StockMovementListQuery,
} from '@gudang/api-client/contract';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { outgoingGoods, products } from '../../db/schema';
import {
  checkResi,
  listMovements,
  movementValues,
  productByCode,
  recordOr404,
  savedMovement,
  type MovementValues,
} from './movements';
import {
  findProductByCode,
  productCodeIs,
  productRowColumns,
  resiConflict,
  type StockProduct,
} from '../../lib/stock-kernel';
import { replayIfBackdated } from '../../lib/cost-replay';
import { movementWriter } from './movement-writer';
import { logMovement } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import { textArray } from '../../lib/id-array';
import { Refusal, type Result } from '../../lib/result';
import { inOneStatement, inTransaction } from '../../lib/transaction';
import { WriteBatches } from '../../lib/write-batches';
import type { ActivityActor } from '../../lib/activity-log';
import type { ResiCheck } from '../../lib/record-routes';
import { freeStockOf } from '../reservations/service';

// `barcode` is the product's current barcode_id: equal to the typed one when the record was
// saved, and what an edit must send again.
const outgoingRow = {
  id: outgoingGoods.id,
  date: outgoingGoods.date,
  product_id: outgoingGoods.productId,
  ...productRowColumns,
  resi_number: outgoingGoods.resiNumber,
  quantity: outgoingGoods.quantity,
  barcode: products.barcodeId,
  current_stock: products.currentStock,
  marketplace_order_id: outgoingGoods.marketplaceOrderId,
};

export function listOutgoing(
  db: DbOrTx,
  query: StockMovementListQuery,
): Promise<OutgoingGoodsList> {
  return listMovements(
    db,
    outgoingGoods,
    outgoingRow,
    // The barcode shown is the product's, matched with the product's other columns.
    [outgoingGoods.resiNumber],
    query,
  );
}

export interface OutgoingValues extends MovementValues {
  barcode: string;
  /**
   * A hand sale may take units imported marketplace orders hold (Dipesan; issue 44, ADR 0023):
   * the user confirmed the warning. Without it such a sale is refused (409).
   */
  confirmReserved: boolean;
}

export function outgoingValues(body: OutgoingGoodsInput): OutgoingValues {
  return {
    ...movementValues(body),
    barcode: body.barcode.trim(),
    confirmReserved: body.confirm_reserved === true,
  };
}

/** The product of the code, whose barcode must be the one typed or scanned. */
async function productFor(tx: Tx, values: OutgoingValues): Promise<StockProduct> {
  const product = await productByCode(tx, values.productCode);
  // Barcode ids are unique regardless of case (as the barcode look-up finds them).
  if (product.barcodeId.toLowerCase() !== values.barcode.toLowerCase())
    throw new Refusal(400, MESSAGES.barcodeMismatch);
  return product;
}

function lockOutgoing(tx: Tx, id: number) {
  return recordOr404(tx.select().from(outgoingGoods).where(eq(outgoingGoods.id, id)).for('update'));
}

function describe(
  product: { name: string; code: string },
  values: Pick<OutgoingValues, 'quantity' | 'resiNumber'>,
): string {
  return `${product.name} (${product.code}) ${logMovement(-values.quantity)}, resi ${values.resiNumber}`;
}

function mustFind(tx: Tx, id: number): Promise<OutgoingGoods> {
  return savedMovement(tx, outgoingGoods, outgoingRow, id);
}

type CreatedRow = Omit<OutgoingGoods, 'product_id' | 'quantity' | 'current_stock'> & {
  product_id: unknown;
  quantity: unknown;
  current_stock: unknown;
};

/** A packed sale's extras (Scan Kirim): its package and the marketplace's selling price. */
export interface PackageSale {
  orderId: number;
  /** null: the product's default selling price, as a hand-entered sale takes. */
  sellingPrice: number | null;
}

/**
 * One call of `sell_outgoing` (migrations 0006, 0014; one round trip, atomic by itself): the
 * guarded stock decrement (`current_stock >= quantity`, decided by the row-locking UPDATE, so
 * parallel sales never oversell), the record (its trigger keeps the totals) and the log entry. Its
 * statements' plans are kept per connection. null: nothing was written (no such product, another
 * barcode, too little stock). Packing calls it inside its transaction, once per product.
 */
export async function sellOutgoing(
  db: DbOrTx,
  values: OutgoingValues,
  actor: ActivityActor,
  pack: PackageSale | null = null,
): Promise<OutgoingGoods | null> {
  if (pack === null && (await takenResis(db, [values.resiNumber])).size > 0) return null;
  // A hand sale keeps Dipesan unless confirmed (p_keep_reserved); a packed sale is its order's.
  const extra =
    pack === null
      ? sql`, null, null, ${!values.confirmReserved}::boolean`
      : sql`, ${pack.orderId}::integer, ${pack.sellingPrice?.toFixed(2) ?? null}::numeric`;
  const { rows } = await db.execute<CreatedRow>(sql`
    select * from sell_outgoing(${values.productCode}, ${values.barcode}, ${values.date}::date,
      ${values.resiNumber}, ${values.quantity}::integer, ${actor.id}::integer, ${actor.name},
      ${actor.email}${extra})`);
  const [row] = rows;
  return row === undefined ? null : soldRow(row);
}

/** A row of sell_outgoing with its numbers as numbers (either driver). */
function soldRow(row: CreatedRow): OutgoingGoods {
  return {
    ...row,
    id: toNumber(row.id),
    product_id: toNumber(row.product_id),
    quantity: toNumber(row.quantity),
    current_stock: toNumber(row.current_stock),
  };
}

interface Sale {
  values: OutgoingValues;
  actor: ActivityActor;
}

/**
 * Sales in one call of `sell_outgoing_batch` (migration 0026): each one the sellOutgoing it would
 * have been alone, in one transaction; the answer per sale in their order (null: not written).
 */
async function sellMany(db: Db, sales: Sale[]): Promise<(OutgoingGoods | null)[]> {
  const payload = sales.map(({ values, actor }, ord) => ({
    ord,
    code: values.productCode,
    barcode: values.barcode,
    date: values.date,
    resi: values.resiNumber,
    quantity: values.quantity,
    user_id: actor.id,
    user_name: actor.name,
    user_email: actor.email,
    keep_reserved: !values.confirmReserved,
  }));
  // A sale under an unpacked order's resi is left out of the batch (whyNotSold says why), in
  // the batch's own statement: batches are written one at a time, so a look-up of its own would
  // lengthen every batch by a round trip (measured: a third fewer sales a second).
  const { rows } = await db.execute<CreatedRow & { ord: unknown }>(sql`
    select * from sell_outgoing_batch((
      select coalesce(jsonb_agg(s.sale order by s.n), '[]'::jsonb)
        from jsonb_array_elements(${JSON.stringify(payload)}::jsonb) with ordinality as s(sale, n)
       where not exists (${waitingOrders(sql`lower(trim(s.sale->>'resi'))`)})))`);
  const sold: (OutgoingGoods | null)[] = sales.map(() => null);
  for (const { ord, ...row } of rows) sold[toNumber(ord)] = soldRow(row);
  return sold;
}

/**
 * Sales that arrive while one is being written go together in the next batch (lib/write-batches,
 * ADR 0019), one gatherer per database (per server process). One batch at a time, of up to 64
 * sales: with 20 clients selling at once, two at a time wrote fewer sales a second (measured,
 * docs/benchmarks.md).
 */
const gatherers = new WeakMap<Db, WriteBatches<Sale, OutgoingGoods | null>>();

function salesOf(db: Db): WriteBatches<Sale, OutgoingGoods | null> {
  let gatherer = gatherers.get(db);
  if (gatherer === undefined) {
    gatherer = new WriteBatches(
      (sales) => sellMany(db, sales),
      ({ values, actor }) => sellOutgoing(db, values, actor),
      { maxBatch: 64, maxInFlight: 1 },
    );
    gatherers.set(db, gatherer);
  }
  return gatherer;
}

/** What the sales' batches on `db` wrote so far (tests). */
export function saleBatchStats(db: Db): WriteBatches<Sale, unknown>['stats'] {
  return { ...(gatherers.get(db)?.stats ?? { batches: 0, largest: 0, writtenAlone: 0 }) };
}

/**
 * A marketplace order's resi belongs to that order alone (ADR 0014): a hand-entered sale under the
 * resi of an order waiting to be packed ('Perlu Dikirim', no records yet) would leave it
 * unshippable (Scan Kirim's records of it would conflict) and its units still held as Dipesan. The
 * refusal naming the order, or null. A packed order's resi is held by its records (the exclusion
 * constraint, 'Nomor resi sudah digunakan sebelumnya!'); an order the marketplace reports shipped
 * or done (sent before Gudang recorded it) may be recorded by hand. Reads
 * marketplace_orders_resi_lower_idx and outgoing_goods' marketplace_order_id index.
 */
async function marketplaceResiRefusal(db: DbOrTx, resi: string): Promise<Refusal | null> {
  const [order] = await ordersWaitingOn(db, [resi]);
  return order === undefined
    ? null
    : new Refusal(
        409,
        MESSAGES.resiOfMarketplaceOrder(
          MARKETPLACE_CHANNEL_LABELS[order.channel],
          order.order_number,
        ),
      );
}

/** The orders waiting to be packed ('Perlu Dikirim', no records) under `resis`: the rule above. */
async function ordersWaitingOn(
  db: DbOrTx,
  resis: readonly string[],
): Promise<{ resi: string; order_number: string; channel: MarketplaceChannel }[]> {
  const keys = [...new Set(resis.map((resi) => resi.trim().toLowerCase()))];
  const { rows } = await db.execute<{
    resi: string;
    order_number: string;
    channel: MarketplaceChannel;
  }>(sql`${waitingOrders(sql`any(${textArray(keys)})`, sql`lower(o.resi_number) as resi, o.order_number, o.channel`)}
     order by o.id`);
  return rows;
}

/**
 * The one SQL rule of an order waiting to be packed under a resi (`key`: the resi trimmed and in
 * lower case, or `any(array)` of such): status 'Perlu Dikirim' and no records yet.
 */
const waitingOrders = (key: SQL, columns: SQL = sql`1`): SQL => sql`
    select ${columns} from marketplace_orders o
     where lower(o.resi_number) = ${key} and o.status = 'perlu_dikirim'
       and not exists (select 1 from outgoing_goods g where g.marketplace_order_id = o.id)`;

/** Of `resis`, those (trimmed, lower case) an order waiting to be packed holds. */
async function takenResis(db: DbOrTx, resis: readonly string[]): Promise<Set<string>> {
  return new Set((await ordersWaitingOn(db, resis)).map((row) => row.resi));
}

/**
 * A sale typed or scanned in Barang Keluar: sellOutgoing, or why it wrote nothing. `today` is the
 * shop's: a sale dated before it may land before a later movement (a backdated sale).
 */
export async function createOutgoing(
  db: Db,
  values: OutgoingValues,
  actor: ActivityActor,
  today: string,
): Promise<Result<OutgoingGoods>> {
  const written = await inOneStatement(async () => {
    const sold = await salesOf(db).write({ values, actor });
    if (sold === null) throw await whyNotSold(db, values);
    return sold;
  }, resiConflict);
  if (!written.ok) return written;
  // Dated before today: under the product's row lock, right after the sale's own statement, a
  // sale that lands before a later movement has the cost replayed by date and takes the cost of
  // its date (replayIfBackdated checks; today's sales skip it).
  const sale = written.value;
  if (sale.date < today)
    await inTransaction(db, async (tx) => {
      await tx.execute(sql`select 1 from products where id = ${sale.product_id} for update`);
      await replayIfBackdated(tx, sale.product_id, sale.date);
    });
  return written;
}

/**
 * Why a sale wrote nothing: no such product, another barcode, too little stock, or (unconfirmed)
 * units imported orders hold.
 */
async function whyNotSold(db: DbOrTx, values: OutgoingValues): Promise<Refusal> {
  const taken = await marketplaceResiRefusal(db, values.resiNumber);
  if (taken !== null) return taken;
  const product = await findProductByCode(db, values.productCode);
  if (product === null) return new Refusal(400, MESSAGES.productNotFound);
  if (product.barcodeId !== values.barcode) return new Refusal(400, MESSAGES.barcodeMismatch);
  if (values.quantity > product.currentStock || values.confirmReserved)
    return new Refusal(400, MESSAGES.insufficientStock(product.currentStock));
  const { free } = await freeStockOf(db, product.id);
  return new Refusal(409, RESERVATION_MESSAGES.reservedTaken(free));
}

/**
 * An edit of a hand sale that sells more of a product than is free of Dipesan, unconfirmed:
 * refused (409) like a new sale (sell_outgoing's p_keep_reserved). Called after the stock moved,
 * in the edit's transaction: `deltas` are the stock changes, negative where it sells more.
 */
async function refuseReserved(
  tx: Tx,
  values: OutgoingValues,
  old: { marketplaceOrderId: number | null },
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  if (values.confirmReserved || old.marketplaceOrderId !== null) return;
  for (const [productId, delta] of deltas) {
    if (delta >= 0) continue;
    const { stock, reserved } = await freeStockOf(tx, productId);
    if (stock < reserved)
      throw new Refusal(
        409,
        RESERVATION_MESSAGES.reservedTaken(Math.max(0, stock - delta - reserved)),
      );
  }
}

/**
 * A record with returns is neither edited nor deleted: each return line was checked
 * against its product, resi and quantity. Called with the record locked, which a return locks too.
 */
async function refuseIfReturned(tx: Tx, id: number): Promise<void> {
  const { rows } = await tx.execute(
    sql`select 1 from return_lines where outgoing_goods_id = ${id} limit 1`,
  );
  if (rows.length > 0) throw new Refusal(400, RETURN_MESSAGES.outgoingHasReturns);
}

const outgoingWriter = movementWriter<typeof outgoingGoods, OutgoingValues, OutgoingGoods>({
  table: outgoingGoods,
  title: 'Barang keluar',
  actions: { update: 'UPDATE_OUTGOING_GOODS', delete: 'DELETE_OUTGOING_GOODS' },
  sign: -1,
  lock: lockOutgoing,
  productFor,
  refuseChange: refuseIfReturned,
  // Only the new product of an edit can fall short (a delete puts the quantity back, it can only
  // raise the stock); what it may give counts this record's return.
  shortfall: (shortfall, old, productId) => {
    const returned = old.productId === productId ? old.quantity : 0;
    return new Refusal(400, MESSAGES.insufficientStock(shortfall.product.currentStock + returned));
  },
  extraColumns: (values) => ({ barcode: values.barcode }),
  afterStock: async (tx, values, old, deltas) => {
    // A hand-entered record moved to another resi: not one of a marketplace order.
    if (
      old.marketplaceOrderId === null &&
      values.resiNumber.trim().toLowerCase() !== old.resiNumber.trim().toLowerCase()
    ) {
      const taken = await marketplaceResiRefusal(tx, values.resiNumber);
      if (taken !== null) throw taken;
    }
    await refuseReserved(tx, values, old, deltas);
  },
  // A sale moved before a later movement changes the stock a later receipt weighs with.
  afterWrite: async (tx, productIds, since) => {
    for (const productId of productIds) await replayIfBackdated(tx, productId, since);
  },
  describe,
  saved: mustFind,
});

export const updateOutgoing = outgoingWriter.update;
export const deleteOutgoing = outgoingWriter.remove;

/**
 * Records of other packages using the resi. Without the chosen product, as before migration 0028:
 * a record's package is its marketplace order or the record itself, so the records packed with
 * the one being edited are not duplicates.
 */
export async function checkOutgoingResi(
  db: DbOrTx,
  resi: string,
  { excludeId, productCode }: ResiCheck,
): Promise<CheckResiResponse> {
  // A hand-entered record (a new one, or one no order wrote moved to another resi) under an
  // order's resi, as the save refuses it.
  const [edited] =
    excludeId === null
      ? []
      : await db
          .select({ order: outgoingGoods.marketplaceOrderId, resi: outgoingGoods.resiNumber })
          .from(outgoingGoods)
          .where(eq(outgoingGoods.id, excludeId));
  const moved =
    excludeId === null ||
    (edited !== undefined &&
      edited.order === null &&
      edited.resi.trim().toLowerCase() !== resi.trim().toLowerCase());
  const taken = moved ? await marketplaceResiRefusal(db, resi) : null;
  if (taken !== null) return { isDuplicate: true, duplicates: [], message: taken.message };
  if (productCode !== null) return checkResiForProduct(db, resi, excludeId, productCode);
  const found = await checkResi(db, outgoingGoods, resi, excludeId);
  if (excludeId === null || found.duplicates.length === 0) return found;
  const packageOf = sql`coalesce(${outgoingGoods.marketplaceOrderId}, -${outgoingGoods.id})`;
  const [own] = await db
    .select({ key: sql<number>`${packageOf}`.mapWith(Number) })
    .from(outgoingGoods)
    .where(eq(outgoingGoods.id, excludeId));
  if (own === undefined) return found;
  const samePackage = await db
    .select({ id: outgoingGoods.id })
    .from(outgoingGoods)
    .where(
      and(
        inArray(
          outgoingGoods.id,
          found.duplicates.map((row) => row.id),
        ),
        sql`${packageOf} = ${own.key}`,
      ),
    );
  const skip = new Set(samePackage.map((row) => row.id));
  const duplicates = found.duplicates.filter((row) => !skip.has(row.id));
  return { isDuplicate: duplicates.length > 0, duplicates };
}

/**
 * What the database would refuse for a record of `productCode` (migration 0028): a record of
 * another package (a marketplace order's, when this one is hand-entered), or the same product in
 * this hand-entered package. The record being edited keeps its package (its order, or none).
 */
async function checkResiForProduct(
  db: DbOrTx,
  resi: string,
  excludeId: number | null,
  productCode: string,
): Promise<CheckResiResponse> {
  const packageOf = sql`coalesce(${outgoingGoods.marketplaceOrderId}, 0)`;
  let own = 0;
  if (excludeId !== null) {
    const [edited] = await db
      .select({ key: sql<number>`${packageOf}`.mapWith(Number) })
      .from(outgoingGoods)
      .where(eq(outgoingGoods.id, excludeId));
    own = edited?.key ?? 0;
  }
  const conflicting = or(
    sql`${packageOf} <> ${own}`,
    own === 0
      ? and(isNull(outgoingGoods.marketplaceOrderId), productCodeIs(productCode))
      : undefined,
  );
  return checkResi(db, outgoingGoods, resi, excludeId, conflicting);
}
