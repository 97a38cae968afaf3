import type { Order, OrderSummaryRow } from '@gudang/api-client';
import {
  Badge,
  PRODUCT_CODE_WIDTH,
  RESI_WIDTH,
  TABLE_TEXTS,
  Unbroken,
  WholeWords,
  categoryBrandColumns,
  formatDate,
  formatInteger,
  formatRupiah,
  lineTotal,
  numberColumn,
  recordActionsColumn,
} from '@gudang/shared-ui';
import type { TableColumn, Tone } from '@gudang/shared-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MATCH_LABELS } from './order-matching';
import type { ComparedField, MatchType, OrderMatch } from './order-matching';

const count = (value: number) => formatInteger(value);

// Values staff compare with the marketplace never break inside: codes and resi are
// the shared code cells (one line; cut with the full text on hover where space is short), dates
// and amounts `nowrap` columns (one line, also in the print); brand, category and bank names wrap
// only between words.
const words = (text: string) => <WholeWords>{text}</WholeWords>;

/** 'Rp 45.000' for a whole amount, 'Rp 12.500,50' with cents: the table then fits 1366 px. */
export const amount = (value: number) =>
  formatRupiah(value, { decimals: Math.round(value * 100) % 100 !== 0 });

export const SUMMARY_COLUMNS: TableColumn<OrderSummaryRow>[] = [
  { key: 'product_code', header: 'Kode', code: true, codeWidth: PRODUCT_CODE_WIDTH },
  { key: 'product_name', header: 'Nama Barang' },
  ...categoryBrandColumns<OrderSummaryRow>(),
  numberColumn('total_quantity', 'Total Jumlah', (row) => count(row.total_quantity)),
  numberColumn('total_orders', 'Total Order', (row) => count(row.total_orders)),
  numberColumn('average_price', 'Rata-rata Harga', (row) =>
    formatRupiah(row.average_price, { decimals: false }),
  ),
];

const MATCH_TONES: Record<MatchType, Tone> = {
  exact: 'green',
  product_resi: 'amber',
  product_only: 'blue',
  none: 'red',
};

// The darker red: it keeps 4.5:1 on the red background of a row without a match too. A dotted
// underline says it without colour; no bold, which would widen the compared columns past 1366 px.
const Flag = styled.span`
  &[data-mismatch='true'] {
    color: ${({ theme }) => theme.colors.redText};
    text-decoration: underline dotted;
    text-underline-offset: 3px;
  }
`;

// Outlined, so that the red badge still stands out on the red background of its row.
const StatusBadge = styled(Badge)`
  box-shadow: inset 0 0 0 1px currentColor;
`;

const Status = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
`;

// Two short lines rather than one long one: the status column then leaves the others room.
const Closest = styled.span`
  display: flex;
  flex-direction: column;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** An order's value, red when the comparison found it different from the incoming goods. */
function flagged(match: OrderMatch | undefined, field: ComparedField, value: ReactNode) {
  const mismatch = match?.mismatched.includes(field) ?? false;
  return <Flag data-mismatch={mismatch ? 'true' : undefined}>{value}</Flag>;
}

/** The match label, and for anything but an exact match the closest incoming record. */
export function MatchStatus({ match }: { match: OrderMatch }) {
  const closest = match.type === 'exact' ? null : match.incoming;
  return (
    <Status>
      <StatusBadge tone={MATCH_TONES[match.type]}>{MATCH_LABELS[match.type]}</StatusBadge>
      {closest ? (
        <Closest>
          <span>
            Resi <Unbroken>{closest.resi_number}</Unbroken>
          </span>
          <span>
            Jumlah {count(closest.quantity)} · {formatDate(closest.date)}
          </span>
        </Closest>
      ) : null}
    </Status>
  );
}

export interface DetailColumnsOptions {
  /** Matches by order index on the page while comparison mode is on; null while it is off. */
  matches: readonly OrderMatch[] | null | undefined;
  /** Comparison mode is on (the Status column is shown). */
  comparing: boolean;
  /** Edit and delete; left out in the print. */
  actions?: { onEdit: (order: Order) => void; onDelete: (order: Order) => void };
}

/** Detail Order's columns: docs/product.md point 2, Status only in comparison mode. */
export function detailColumns({
  matches,
  comparing,
  actions,
}: DetailColumnsOptions): TableColumn<Order>[] {
  const matchOf = (index: number) => matches?.[index];
  const columns: TableColumn<Order>[] = [
    {
      key: 'date',
      header: 'Tanggal',
      nowrap: true,
      render: (row, index) => flagged(matchOf(index), 'date', formatDate(row.date)),
    },
    {
      key: 'product_code',
      header: 'Kode',
      code: true,
      codeWidth: PRODUCT_CODE_WIDTH,
      render: (row, index) => flagged(matchOf(index), 'product', row.product_code),
    },
    {
      key: 'product_name',
      header: 'Nama Barang',
      render: (row, index) => flagged(matchOf(index), 'product', row.product_name),
    },
    ...categoryBrandColumns<Order>(),
    numberColumn('quantity', 'Jumlah', (row, index) =>
      flagged(matchOf(index), 'quantity', count(row.quantity)),
    ),
    numberColumn('price', 'Harga', (row) => amount(row.price)),
    numberColumn('total', 'Total', (row) => amount(lineTotal(row.price, row.quantity))),
    {
      key: 'resi_number',
      header: 'Resi',
      code: true,
      codeWidth: RESI_WIDTH,
      render: (row, index) => flagged(matchOf(index), 'resi', row.resi_number),
    },
    {
      key: 'bank',
      header: 'Bank',
      render: (row) => words(row.bank?.trim() ? row.bank : '-'),
    },
  ];
  if (comparing) {
    columns.push({
      key: 'status',
      header: 'Status',
      render: (_row, index) => {
        const match = matchOf(index);
        return match ? <MatchStatus match={match} /> : TABLE_TEXTS.loading;
      },
    });
  }
  if (actions) {
    columns.push(recordActionsColumn(actions.onEdit, actions.onDelete));
  }
  return columns;
}
