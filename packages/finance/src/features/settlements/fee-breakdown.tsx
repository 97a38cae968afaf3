import { SETTLEMENT_FEE_CATEGORIES, SETTLEMENT_FEE_LABELS } from '@gudang/api-client';
import type { PagePath } from '@gudang/api-client';
import type { SettlementFeeColumns, SettlementFees } from '@gudang/api-client/contract';
import { addDaysIso, sumMoney } from '@gudang/shared-ui';
import styled from 'styled-components';
import { rupiah } from '../pembukuan/money';
import { SETTLEMENT_TEXTS } from './settlement-texts';

/** The sum of the ten categories (negative: taken from the seller). */
export const feesTotal = (fees: SettlementFees) =>
  sumMoney(SETTLEMENT_FEE_CATEGORIES.map((category) => fees[category]));

/** -fees / price x 100, two decimals; 0 without sales (the summary's fee_percent). */
export const feePercentOf = (fees: number, price: number) =>
  price === 0 ? 0 : Math.round((-fees / price) * 10_000) / 100;

/** The categories an order (or a sum of orders) has money in, in the contract's order. */
export const usedCategories = (rows: readonly { fees: SettlementFees }[]) =>
  SETTLEMENT_FEE_CATEGORIES.filter((category) => rows.some((row) => row.fees[category] !== 0));

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing.sm};
  }
  li > span:last-child {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  small {
    display: block;
    font-size: 11px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * An order's money per category, the categories with money only: the contract's label and the
 * amount (negative: taken from the seller). The file's own column names are in the title, under
 * the label with `showColumns` (the import's preview), and in 'Rincian'.
 */
export function FeeList({
  fees,
  columns,
  showColumns = false,
}: {
  fees: SettlementFees;
  columns?: SettlementFeeColumns;
  showColumns?: boolean;
}) {
  const used = SETTLEMENT_FEE_CATEGORIES.filter((category) => fees[category] !== 0);
  if (used.length === 0) return <Muted>{SETTLEMENT_TEXTS.noFees}</Muted>;
  return (
    <List>
      {used.map((category) => {
        const names = columns?.[category]?.join(', ');
        return (
          <li key={category} title={names}>
            <Muted>
              {SETTLEMENT_FEE_LABELS[category]}
              {showColumns && names ? <small>{names}</small> : null}
            </Muted>
            <span>{rupiah(fees[category])}</span>
          </li>
        );
      })}
    </List>
  );
}

/** Pesanan Marketplace in the shell's route table (the orders remote's page, linked by URL). */
const MARKETPLACE_ORDERS_PATH: PagePath = '/marketplace-orders';
/** How far before the date known (shipped or released) the order itself may have been made. */
const ORDER_DAYS_BEFORE = 60;

/**
 * The imported order in Pesanan Marketplace: found by its number on its channel. Its own date
 * (the list's filter) is not known here, only a later one (shipped or released): the range
 * reaches back ORDER_DAYS_BEFORE days from it.
 */
export function marketplaceOrderHref(order: {
  order_number: string;
  channel: string;
  date: string | null;
}): string {
  const query = new URLSearchParams({ search: order.order_number, channel: order.channel });
  if (order.date) {
    query.set('startDate', addDaysIso(order.date, -ORDER_DAYS_BEFORE));
    query.set('endDate', order.date);
  }
  return `${MARKETPLACE_ORDERS_PATH}?${query.toString()}`;
}
