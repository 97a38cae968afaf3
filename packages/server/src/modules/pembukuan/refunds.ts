// Pembukuan's 'Dana dikembalikan' (issue 46): a sale whose buyer got the money back and whose
// goods Gudang has not taken back (no Retur record for those units yet). Which data says
// 'refunded' (docs/adr/0016-returns-and-adjustments.md, addendum of issue 46):
//   - the marketplace's return files (marketplace_returns): a request of the sale's order with
//     status 'dana_dikembalikan' gives its units (the whole order's when the file names none); a
//     request naming a SKU counts for the sale of that SKU's product (SKU mapping, else the
//     product's code or barcode), or for every sale of the order when the SKU is none of them;
//   - the income files (marketplace_settlements, issue 45), which give a refund as money only: a
//     refund ('pengembalian') at least the order's product price refunds every unit of the order.
//     A partial refund without a return file names no units and marks nothing.
// The units refunded and not back: the larger of the two, less the units Retur took back,
// at most the units not returned. Their margin is 0, their cost (purchase_price, the moving
// average at the sale) the loss. The income file's refund is inside the sale's fee (the
// 'pengembalian' category of sale_fees); for a sale with units refunded it comes out of the fee
// again, at most those units' value, whether Retur took them back or not: the margin counts the
// price of neither, so a refund left in the fee would take their price off twice.
import { sql, type SQL } from 'drizzle-orm';
import { outgoingGoods } from '../../db/schema';
import { orderFamily } from '../../lib/order-family';

const o = outgoingGoods;

/** The products a request's SKU `r.sku` names in its order's channel `mo.channel`. */
const skuProducts = sql.raw(`(
    select i.product_id from sku_mappings m join sku_mapping_items i on i.mapping_id = m.id
     where lower(m.sku) = lower(r.sku) and (m.channel is null or m.channel = mo.channel)
    union
    select p.id from products p
     where lower(p.code) = lower(r.sku) or lower(p.barcode_id) = lower(r.sku))`);

/**
 * The CTE `refund_orders`: the orders with a refund in a return file or an income file, for a
 * range's stats (a hashed look-up per sale instead of three index probes).
 */
export const refundOrdersCte: SQL = sql`refund_orders as materialized (
    select mo.id as order_id
      from marketplace_returns r
      join marketplace_orders mo
        on mo.order_number = r.order_number
       and mo.channel = any(${orderFamily(sql`r.channel`)})
     where r.status = 'dana_dikembalikan'
    union
    select mo.id
      from marketplace_settlements s
      join marketplace_orders mo on mo.channel = s.channel and mo.order_number = s.order_number
     where s.pengembalian < 0
  )`;

/**
 * A LATERAL join of the current outgoing_goods row, `rf`: `units`, the units refunded by the
 * return files or the income file (before the Retur records), and `refund` (sen), the order's
 * refund in its income file (0 without one). `gated`: only the orders of refund_orders are
 * looked up (the statement has the CTE): `offset 0` keeps the subquery whole, so that the test
 * of the sale's order is its one-time filter, before any look-up (pulled up into the join, it
 * was a filter after them: the look-ups of every sale of a year's stats, seconds).
 */
export const refundLateral = (gated: boolean): SQL => sql`left join lateral (
    select greatest(coalesce(fr.units, 0),
                    case when st.whole then ${o.quantity} else 0 end) as units,
           coalesce(st.refund, 0) as refund
      from marketplace_orders mo
      left join lateral (
        select -s.pengembalian as refund,
               (s.price_after > 0 and -s.pengembalian >= s.price_after) as whole
          from marketplace_settlements s
         where s.channel = mo.channel and s.order_number = mo.order_number
           and s.pengembalian < 0
      ) st on true
      left join lateral (
        select sum(coalesce(r.quantity, ${o.quantity})) as units
          from marketplace_returns r
         where r.order_number = mo.order_number
           and mo.channel = any(${orderFamily(sql`r.channel`)})
           and r.status = 'dana_dikembalikan'
           and (r.sku is null
                or ${o.productId} in ${skuProducts}
                or not exists (select 1 from outgoing_goods g2
                                where g2.marketplace_order_id = mo.id
                                  and g2.product_id in ${skuProducts}))
      ) fr on true
     where mo.id = ${o.marketplaceOrderId}
       ${gated ? sql`and ${o.marketplaceOrderId} in (select order_id from refund_orders) offset 0` : sql``}
  ) rf on true`;

/** The units refunded and not back, from `rf` and the units `returned` (Retur). */
const refundedOf = (returned: SQL): SQL =>
  sql`least(greatest(coalesce(rf.units, 0) - ${returned}, 0), ${o.quantity} - ${returned})`;

/**
 * A LATERAL join `rd` of the current sale after `rf`, given its units `returned` by Retur:
 * `refunded` (refundedOf) and `kept`, the units the buyer kept (quantity - returned - refunded),
 * which the margin, the quantity sold and the fee's estimate count: written once here.
 */
export const keptUnitsLateral = (returned: SQL): SQL => sql`cross join lateral (
    select k.refunded, ${o.quantity} - ${returned} - k.refunded as kept
      from (select ${refundedOf(returned)} as refunded) k) rd`;

/** The loss of `refunded` units: their cost at the sale. numeric, scale 2. */
export const refundLossOf = (refunded: SQL): SQL => sql`(${o.purchasePrice} * ${refunded})`;

/**
 * The sen of the income file's refund taken out of the sale's fee: at most the value
 * ((selling_price - discount) x units) of the units refunded, those Retur took back included
 * (from `rf`, before the Retur records), 0 when none is refunded.
 */
export const refundBack: SQL = sql`(case when coalesce(rf.units, 0) > 0
  then least(coalesce(rf.refund, 0),
             greatest(${o.sellingPrice} - ${o.discount}, 0)
               * least(rf.units, ${o.quantity}) * 100)
  else 0 end)`;
