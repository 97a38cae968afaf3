import type { MarketplaceOrder } from '@gudang/api-client';
import { Badge, RESI_WIDTH, formatDate, formatInteger, formatRupiah } from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import type { ReactNode } from 'react';
import { CHANNEL_LABELS, STATUS_LABELS, STATUS_TONES } from './marketplace-texts';

/** A count or quantity in id-ID ('1.000'), as every other list writes it. */
export const count = (value: number) => formatInteger(value);

/** Units sold in the order (all its lines). */
export const itemCount = (order: Pick<MarketplaceOrder, 'lines'>) =>
  order.lines.reduce((sum, line) => sum + line.quantity, 0);

/** The normalized status as a badge, the marketplace's own words on hover. */
export function StatusBadge({
  order,
}: {
  order: Pick<MarketplaceOrder, 'status' | 'status_text'>;
}) {
  const label = STATUS_LABELS[order.status];
  const words = order.status_text.trim();
  const title = words && words !== label ? words : undefined;
  return (
    <Badge tone={STATUS_TONES[order.status]} title={title}>
      {label}
    </Badge>
  );
}

/** The order list's columns; `actions` renders the last column (detail, delete). */
export function orderColumns(
  actions: (order: MarketplaceOrder) => ReactNode,
): TableColumn<MarketplaceOrder>[] {
  return [
    {
      key: 'channel',
      header: 'Channel',
      nowrap: true,
      render: (row) => CHANNEL_LABELS[row.channel],
    },
    // Order numbers and resi are compared with the marketplace: never broken inside (D23).
    { key: 'order_number', header: 'No. Pesanan', code: true, codeWidth: RESI_WIDTH },
    {
      key: 'resi_number',
      header: 'Resi',
      code: true,
      codeWidth: RESI_WIDTH,
      render: (row) => row.resi_number ?? '-',
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (row) => <StatusBadge order={row} />,
    },
    { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
    {
      key: 'items',
      header: 'Jumlah Barang',
      align: 'right',
      nowrap: true,
      render: (row) => count(itemCount(row)),
    },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      nowrap: true,
      render: (row) => formatRupiah(row.total),
    },
    { key: 'actions', header: 'Aksi', nowrap: true, render: actions },
  ];
}
