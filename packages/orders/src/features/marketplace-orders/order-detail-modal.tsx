import type {
  MarketplaceOrder,
  MarketplaceOrderLine,
  MappedProduct,
  SkippedOrderLine,
} from '@gudang/api-client';
import {
  Button,
  FactList,
  Modal,
  Table,
  formatDate,
  formatRupiah,
  numberColumn,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import styled from 'styled-components';
import { useGetMarketplaceOrderQuery } from './marketplace-api';
import { CHANNEL_LABELS, MARKETPLACE_TEXTS } from './marketplace-texts';
import {
  IncompleteBadge,
  MarketplaceStatusWords,
  StatusBadge,
  count,
  itemCount,
} from './order-columns';

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ItemList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The products a sold line stands for: 'KP-001 Kopi Arabica x 3', or that it maps to none. */
export function MappedItems({ items }: { items: readonly MappedProduct[] }) {
  if (items.length === 0) return <Muted>{MARKETPLACE_TEXTS.notMapped}</Muted>;
  return (
    <ItemList>
      {items.map((item) => (
        <li key={item.product_code}>
          {item.product_code} {item.product_name} x {count(item.quantity)}
        </li>
      ))}
    </ItemList>
  );
}

// The columns an order's lines and its skipped lines show alike.
const VARIATION_COLUMN: TableColumn<{ variation: string | null }> = {
  key: 'variation',
  header: 'Variasi',
  render: (line) => line.variation ?? '-',
};
const NAME_COLUMN = { key: 'product_name', header: 'Nama di Marketplace' };
const quantityColumn = <T,>(render: (line: T) => string) =>
  numberColumn<T>('quantity', 'Jumlah', render);

const LINE_COLUMNS: TableColumn<MarketplaceOrderLine>[] = [
  { key: 'sku', header: 'SKU', code: true },
  VARIATION_COLUMN,
  NAME_COLUMN,
  quantityColumn((line) => count(line.quantity)),
  numberColumn('unit_price', 'Harga Satuan', (line) =>
    line.unit_price === null ? '-' : formatRupiah(line.unit_price),
  ),
  {
    key: 'items',
    header: 'Produk Gudang',
    render: (line) => <MappedItems items={line.items} />,
  },
];

const SKIPPED_COLUMNS: TableColumn<SkippedOrderLine>[] = [
  { key: 'sku', header: 'SKU', code: true, render: (line) => line.sku || '-' },
  VARIATION_COLUMN,
  NAME_COLUMN,
  quantityColumn((line) => (line.quantity === null ? '-' : count(line.quantity))),
  { key: 'problem', header: 'Alasan' },
];

const SkippedSection = styled.section`
  margin-top: ${({ theme }) => theme.spacing.lg};
  h3 {
    margin: 0 0 ${({ theme }) => theme.spacing.xs};
    color: ${({ theme }) => theme.colors.redText};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
  }
`;

export interface OrderDetailModalProps {
  /** The order as the list shows it, replaced by the server's current one once it is loaded. */
  order: MarketplaceOrder;
  onClose: () => void;
}

/** One order with its lines and the products each line maps to. */
export function OrderDetailModal({ order: listed, onClose }: OrderDetailModalProps) {
  const { currentData } = useGetMarketplaceOrderQuery(listed.id);
  const order = currentData?.data ?? listed;
  return (
    <Modal
      open
      size="xl"
      title={MARKETPLACE_TEXTS.detailTitle(order.order_number)}
      onClose={onClose}
      footer={
        <Button variant="ghost" onClick={onClose}>
          {MARKETPLACE_TEXTS.close}
        </Button>
      }
    >
      <FactList
        min="130px"
        facts={[
          ['Channel', CHANNEL_LABELS[order.channel]],
          [MARKETPLACE_TEXTS.store, order.store],
          ['No. Pesanan', order.order_number],
          ['Resi', order.resi_number ?? '-'],
          [
            'Status',
            <>
              <StatusBadge order={order} /> <IncompleteBadge order={order} />{' '}
              <MarketplaceStatusWords order={order} />
            </>,
          ],
          ['Tanggal', formatDate(order.date)],
          ['Jumlah Barang', count(itemCount(order))],
          ['Total', formatRupiah(order.total)],
        ]}
      />
      <Table
        label={MARKETPLACE_TEXTS.linesTable}
        columns={LINE_COLUMNS}
        rows={order.lines}
        rowKey={(line, index) => `${index}-${line.sku}-${line.variation ?? ''}`}
        emptyText={MARKETPLACE_TEXTS.empty}
      />
      {order.skipped_lines.length === 0 ? null : (
        <SkippedSection aria-label={MARKETPLACE_TEXTS.skippedTable}>
          <h3>{MARKETPLACE_TEXTS.skippedTable}</h3>
          <p>{MARKETPLACE_TEXTS.skippedIntro}</p>
          <Table
            label={MARKETPLACE_TEXTS.skippedTable}
            columns={SKIPPED_COLUMNS}
            rows={order.skipped_lines}
            rowKey={(line, index) => `${index}-${line.sku}-${line.variation ?? ''}`}
            emptyText={MARKETPLACE_TEXTS.empty}
          />
        </SkippedSection>
      )}
    </Modal>
  );
}
