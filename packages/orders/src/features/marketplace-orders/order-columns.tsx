import type { MarketplaceOrder } from '@gudang/api-client';
import { Badge, formatDate, formatInteger, formatRupiah } from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import type { ReactNode } from 'react';
import { CHANNEL_LABELS, STATUS_LABELS, STATUS_TONES } from './marketplace-texts';

/** A count or quantity in id-ID ('1.000'), as every other list writes it. */
/** How wide an order number or resi is shown before it is cut (the full text on hover). */
const ORDER_CODE_WIDTH = '19ch';

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
    // Order numbers and resi are compared with the marketplace: never broken inside (D23), and
    // whole up to a TikTok order number's 18 digits or a long SPX resi at 1366 px.
    { key: 'order_number', header: 'No. Pesanan', code: true, codeWidth: ORDER_CODE_WIDTH },
    {
      key: 'resi_number',
      header: 'Resi',
      code: true,
      codeWidth: ORDER_CODE_WIDTH,
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
