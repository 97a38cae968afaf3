// Pembukuan's marketplace fees (issue 45): what the marketplace took of each sale.
//
// A sale (an outgoing_goods record) belongs to a marketplace order when Scan Kirim wrote it for
// one (outgoing_goods.marketplace_order_id, ship_package). Its order's settlement is found by
// (channel, order number), both tables' unique keys (never stored: a settlement imported before
// its order matches it once the order is imported).
//   - Settled order: the fees taken (minus the sum of the ten categories, in sen) are shared
//     among ALL the order's sales, also those outside the range or page asked, by their value
//     (selling_price - discount) x quantity: each share its exact share rounded to the sen by
//     largest remainder (the whole sen below it, then the sen left over one each to the largest
//     fractions; ties: the largest value, then the lowest id), so that the shares add up to the
//     order's fees exactly (migration 0056; before it all the sen left went to the largest sale).
//     An order whose sales are all worth 0 (prices not entered) is shared by quantity.
//   - Order not settled yet ('Belum cair'): an estimate, the value of the units the buyer kept
//     (quantity - returned by Retur - refunded: the marketplace takes no fee of a unit that came
//     back or was refunded) x the store's fee % of its settlements released in the 30 days up to
//     today (today and the 29 days before; rounded to the sen; 0 when it has none).
//   - Hand sale (no marketplace order): no fee (null).
// The one place the sharing is written is the SQL function sale_fees
// (drizzle/functions/sale_fees.sql): a settled order's shares are stored with its sales by it
// (outgoing_goods.settled_fee, kept by the triggers of migration 0046), which a page's rows read
// (service.ts rowsWithFeesSql) and a range's stats sum (service.ts feeGroupsCtes), each with the
// estimate of a sale not settled (the kept units' value x the store's 30-day rate, rounded to the
// sen; sale_fees gives settled shares only, migration 0053). Everything in integers (sen) and
// numeric; it leaves as a JSON number only at the end.
import { sql, type SQL } from 'drizzle-orm';

/**
 * The value in sen of `units` of the sale `g`, the base of its fee's estimate: (selling_price -
 * discount) x units, at least 0.
 */
export const keptValueSql = (g: SQL, units: SQL): SQL =>
  sql`(greatest(${g}.selling_price - ${g}.discount, 0) * ${units} * 100)`;
