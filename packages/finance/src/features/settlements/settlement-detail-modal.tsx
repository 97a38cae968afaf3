import { SETTLEMENT_FEE_CATEGORIES, SETTLEMENT_FEE_LABELS } from '@gudang/api-client';
import type {
  SettlementChannel,
  SettlementFeeCategory,
  SettlementRow,
} from '@gudang/api-client/contract';
import {
  AmberNote,
  Button,
  FactList,
  Modal,
  Table,
  formatDate,
  numberColumn,
} from '@gudang/shared-ui';
import type { Fact, TableColumn } from '@gudang/shared-ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { percent, rupiah } from '../pembukuan/money';
import { feePercentOf, feesTotal, marketplaceOrderHref } from './fee-breakdown';
import { CHANNEL_LABELS, SETTLEMENT_TEXTS } from './settlement-texts';

/** What the detail shows: a settled order, or an order of an import's preview. */
export type SettlementDetail = Pick<
  SettlementRow,
  | 'order_number'
  | 'released_at'
  | 'price'
  | 'price_before'
  | 'fees'
  | 'fee_columns'
  | 'released'
  | 'difference'
  | 'matched_order_id'
> & { channel: SettlementChannel; store: string | null };

// Money in the facts: digits in columns.
const Facts = styled(FactList)`
  dd {
    font-variant-numeric: tabular-nums;
  }
`;

interface BreakdownLine {
  category: SettlementFeeCategory;
  columns: readonly string[];
  amount: number;
}

const BREAKDOWN_COLUMNS: TableColumn<BreakdownLine>[] = [
  {
    key: 'category',
    header: SETTLEMENT_TEXTS.category,
    render: (line) => SETTLEMENT_FEE_LABELS[line.category],
  },
  {
    key: 'columns',
    header: SETTLEMENT_TEXTS.fileColumns,
    render: (line) => (line.columns.length === 0 ? '-' : line.columns.join(', ')),
  },
  numberColumn('amount', SETTLEMENT_TEXTS.amount, (line) => rupiah(line.amount)),
];

/** The lines of the breakdown: every category with money or with a column of the file. */
export function breakdownLines(order: Pick<SettlementDetail, 'fees' | 'fee_columns'>) {
  return SETTLEMENT_FEE_CATEGORIES.map((category) => ({
    category,
    columns: order.fee_columns[category] ?? [],
    amount: order.fees[category],
  })).filter((line) => line.amount !== 0 || line.columns.length > 0);
}

/**
 * 'Rincian' of one order: its prices, each fee category with the file's own column names, the
 * money released and the difference when the file does not add up.
 */
export function SettlementDetailModal({
  order,
  onClose,
}: {
  order: SettlementDetail;
  onClose: () => void;
}) {
  const total = feesTotal(order.fees);
  const facts: Fact[] = [
    [SETTLEMENT_TEXTS.store, `${CHANNEL_LABELS[order.channel]} · ${order.store ?? '-'}`],
    [SETTLEMENT_TEXTS.releasedAt, order.released_at ? formatDate(order.released_at) : '-'],
    [SETTLEMENT_TEXTS.priceBefore, rupiah(order.price_before)],
    [SETTLEMENT_TEXTS.price, rupiah(order.price)],
    [SETTLEMENT_TEXTS.feesTotal, `${rupiah(total)} (${percent(feePercentOf(total, order.price))})`],
    [SETTLEMENT_TEXTS.released, rupiah(order.released)],
    [
      SETTLEMENT_TEXTS.order,
      order.matched_order_id === null ? (
        SETTLEMENT_TEXTS.unmatched
      ) : (
        <Link
          to={marketplaceOrderHref({
            order_number: order.order_number,
            channel: order.channel,
            date: order.released_at,
          })}
        >
          {SETTLEMENT_TEXTS.openOrder(order.order_number)}
        </Link>
      ),
    ],
  ];
  return (
    <Modal
      open
      size="lg"
      title={SETTLEMENT_TEXTS.detailTitle(order.order_number)}
      onClose={onClose}
      footer={<Button onClick={onClose}>{SETTLEMENT_TEXTS.close}</Button>}
    >
      {order.difference !== 0 ? (
        <AmberNote role="note">
          {SETTLEMENT_TEXTS.differenceNote(rupiah(order.difference))}
        </AmberNote>
      ) : null}
      <Facts min="150px" facts={facts} />
      <Table
        label={SETTLEMENT_TEXTS.breakdownTable}
        columns={BREAKDOWN_COLUMNS}
        rows={breakdownLines(order)}
        rowKey="category"
        emptyText={SETTLEMENT_TEXTS.noFees}
      />
    </Modal>
  );
}
