// Pembukuan's marketplace fees (issue 45): what the marketplace took of each sale.
//
// A sale (an outgoing_goods record) belongs to a marketplace order when Scan Kirim wrote it for
// one (outgoing_goods.marketplace_order_id, ship_package). Its order's settlement is found by
// (channel, order number), both tables' unique keys (never stored: a settlement imported before
// its order matches it once the order is imported).
//   - Settled order: the fees taken (minus the sum of the ten categories, in sen) are shared
//     among ALL the order's sales, also those outside the range or page asked, by their value
//     (selling_price - discount) x quantity: each share the whole sen below its exact share
//     (integer division), the sen left over to the largest (ties: the lowest id), so that the
//     shares add up to the order's fees exactly. An order whose sales are all worth 0 (prices not
//     entered) is shared by quantity.
//   - Order not settled yet ('Belum cair'): an estimate, the sale's value x the store's fee % of
//     its settlements released in the 30 days up to today (today and the 29 days before; rounded
//     to the sen; 0 when it has none).
//   - Hand sale (no marketplace order): no fee (null).
// The one place the sharing is written is the SQL function sale_fees
// (drizzle/functions/sale_fees.sql): a settled order's shares are stored with its sales by it
// (outgoing_goods.settled_fee, kept by the triggers of migration 0046), which a page's rows read
// (service.ts rowsWithFeesSql) and a range's stats sum (service.ts feeGroupsCtes), each with the
// estimate of a sale not settled written beside sale_fees' (value x the store's 30-day rate,
// rounded to the sen). Everything in integers (sen) and numeric; it leaves as a JSON number only
// at the end.
import { sql, type SQL } from 'drizzle-orm';

/**
 * A sale's value in sen, as sale_fees weighs it and estimates its fee: (selling_price - discount)
 * x quantity, at least 0 (the stats' estimates, written beside the function's).
 */
export const saleValueSql = (g: SQL): SQL =>
  sql`(greatest(${g}.selling_price - ${g}.discount, 0) * ${g}.quantity * 100)`;
