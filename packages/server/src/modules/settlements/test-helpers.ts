// Helpers of the tests of the settlements' reading side (checks, Pembukuan's fees): stores,
// marketplace orders, their Barang Keluar records and settlements written straight into the
// database (the import itself is tested in settlements.test.ts), dates relative to the shop's
// today. Money is given in rupiah and stored in sen as the import does.
import type { SettlementChannel } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../testing/fixtures';

export async function createStore(
  server: TestServer,
  channel: string,
  name: string,
): Promise<number> {
  const response = await server.call(
    'POST',
    '/api/marketplace-stores',
    server.actors.managerToken,
    {
      channel,
      name,
    },
  );
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
  return (response.json() as { data: { id: number } }).data.id;
}

export interface OrderSeed {
  channel: string;
  number: string;
  /** null: the channel's default store (the trigger's). */
  storeId?: number | null;
  status?: string;
  /** The order date, yyyy-mm-dd. */
  date: string;
  /** Scan Kirim's day (noon in the shop's time zone), or none. */
  shippedOn?: string | null;
  total?: number;
}

export async function insertOrder(
  server: TestServer,
  timeZone: string,
  order: OrderSeed,
): Promise<number> {
  const shipped =
    order.shippedOn === undefined || order.shippedOn === null
      ? sql`null::timestamptz`
      : sql`((${order.shippedOn}::date + time '12:00') at time zone ${timeZone})`;
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, status, status_text, date, total,
                                    store_id, shipped_at)
    values (${order.channel}, ${order.number}, ${order.status ?? 'dikirim'}, 'Status',
            ${order.date}, ${order.total ?? 0}, ${order.storeId ?? null}, ${shipped})
    returning id`);
  return Number(rows[0]?.id);
}

export interface SaleSeed {
  productId: number;
  barcode: string;
  date: string;
  resi: string;
  quantity: number;
  purchase: number;
  selling: number;
  discount?: number;
  /** The marketplace order it was packed for; null: a hand sale. */
  orderId: number | null;
}

/** A Barang Keluar record as Scan Kirim (or a hand sale) writes it; answers its id. */
export async function insertSale(server: TestServer, sale: SaleSeed): Promise<number> {
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into outgoing_goods (product_id, date, resi_number, quantity, barcode, purchase_price,
                                selling_price, discount, marketplace_order_id)
    values (${sale.productId}, ${sale.date}, ${sale.resi}, ${sale.quantity}, ${sale.barcode},
            ${sale.purchase}, ${sale.selling}, ${sale.discount ?? 0}, ${sale.orderId})
    returning id`);
  return Number(rows[0]?.id);
}

export interface SettlementSeed {
  channel: SettlementChannel;
  number: string;
  storeId: number | null;
  /** yyyy-mm-dd, or null. */
  releasedOn: string | null;
  price: number;
  /** Rupiah by category (negative: taken); the others 0. */
  fees: Partial<Record<'komisi' | 'layanan' | 'proses' | 'ongkir' | 'pengembalian', number>>;
  /** Default: price + the fees (the file adds up). */
  released?: number;
}

const sen = (rupiah: number) => Math.round(rupiah * 100);

export async function insertSettlement(
  server: TestServer,
  settlement: SettlementSeed,
): Promise<number> {
  const fees = settlement.fees;
  const total = sen(fees.komisi ?? 0) + sen(fees.layanan ?? 0) + sen(fees.proses ?? 0);
  const all = total + sen(fees.ongkir ?? 0) + sen(fees.pengembalian ?? 0);
  const released =
    settlement.released === undefined ? sen(settlement.price) + all : sen(settlement.released);
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_settlements (channel, order_number, store_id, released_at,
                                         price_before, price_after, komisi, layanan, proses,
                                         ongkir, pengembalian, released, difference)
    values (${settlement.channel}, ${settlement.number}, ${settlement.storeId},
            ${settlement.releasedOn}, ${sen(settlement.price)}, ${sen(settlement.price)},
            ${sen(fees.komisi ?? 0)}, ${sen(fees.layanan ?? 0)}, ${sen(fees.proses ?? 0)},
            ${sen(fees.ongkir ?? 0)}, ${sen(fees.pengembalian ?? 0)}, ${released},
            ${released - sen(settlement.price) - all})
    returning id`);
  return Number(rows[0]?.id);
}

/** A yyyy-mm-dd date as the server's sentences write it: d/m/yyyy, no leading zeros. */
export function shownDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${day}/${month}/${year}`;
}
