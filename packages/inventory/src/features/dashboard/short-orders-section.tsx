// 'Pesanan Kurang Stok' on the dashboard (issue 44): the open marketplace orders the stock cannot
// fill, oldest first (per product the oldest orders get the stock), each with the units it lacks
// and a link to the order in Pesanan Marketplace. Both roles see it.
import { MARKETPLACE_CHANNEL_LABELS, useGetShortOrdersQuery } from '@gudang/api-client';
import type { PagePath } from '@gudang/api-client';
import type { ShortOrder } from '@gudang/api-client/contract';
import {
  Card,
  MutedText,
  Pager,
  RESI_WIDTH,
  Table,
  formatDate,
  formatInteger,
  shownAnswer,
  tableState,
  useListParams,
  usePageClamp,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SectionHeader, countedTitle } from './section-header';

export const SHORT_ORDER_TEXTS = {
  title: 'Pesanan Kurang Stok',
  hint: 'Pesanan marketplace terbuka yang tidak cukup stoknya; pesanan terlama mendapat stok lebih dulu.',
  empty: 'Tidak ada pesanan yang kurang stok',
  short: (short: number, quantity: number) =>
    `kurang ${formatInteger(short)} dari ${formatInteger(quantity)}`,
} as const;

/** Rows of the section per page. */
export const SHORT_ORDERS_PAGE_SIZE = 10;

/** Pesanan Marketplace in the shell's route table (the orders remote's page, linked by URL). */

const ORDER_NUMBER_WIDTH = '18ch';
const MARKETPLACE_ORDERS_PATH: PagePath = '/marketplace-orders';

/** The order in Pesanan Marketplace: found by its number, on its channel and its own date. */
export function marketplaceOrderHref(
  order: Pick<ShortOrder, 'order_number' | 'channel' | 'date'>,
): string {
  const query = new URLSearchParams({
    search: order.order_number,
    channel: order.channel,
    // The list's default window is around today; an older order is outside it.
    startDate: order.date,
    endDate: order.date,
  });
  return `${MARKETPLACE_ORDERS_PATH}?${query.toString()}`;
}

const Products = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li + li {
    margin-top: 2px;
  }
`;

const Short = styled.span`
  color: ${({ theme }) => theme.colors.redText};
  font-weight: 600;
  white-space: nowrap;
`;

const Muted = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const columns: TableColumn<ShortOrder>[] = [
  { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
  {
    key: 'order_number',
    header: 'No. Pesanan',
    code: true,
    // A marketplace's order number whole on one line (TikTok's have 18 digits).
    codeWidth: ORDER_NUMBER_WIDTH,
    render: (row) => <Link to={marketplaceOrderHref(row)}>{row.order_number}</Link>,
  },
  {
    key: 'channel',
    header: 'Channel',
    render: (row) => (
      <>
        {MARKETPLACE_CHANNEL_LABELS[row.channel]}
        <Muted>{row.store}</Muted>
      </>
    ),
  },
  {
    key: 'resi_number',
    header: 'Resi',
    code: true,
    codeWidth: RESI_WIDTH,
    render: (row) => row.resi_number ?? '-',
  },
  {
    key: 'products',
    header: 'Barang Kurang',
    render: (row) => (
      <Products>
        {row.products.map((product) => (
          <li key={product.product_code}>
            {product.product_name} ({product.product_code}):{' '}
            <Short>{SHORT_ORDER_TEXTS.short(product.short, product.quantity)}</Short>
          </li>
        ))}
      </Products>
    ),
  },
];

export function ShortOrdersSection() {
  // Its page in the URL beside the period ('shortPage'), so that reload and Back keep it.
  const list = useListParams({
    prefix: 'short',
    sizes: [SHORT_ORDERS_PAGE_SIZE],
  });
  const query = useGetShortOrdersQuery({ page: list.page, limit: list.limit });
  // The page shown stays while the next one loads.
  const shown = shownAnswer(query, { keepPrevious: true });
  usePageClamp(list, shown?.pagination);
  const pagination = shown?.pagination;

  return (
    <Card>
      <section aria-label={SHORT_ORDER_TEXTS.title}>
        <SectionHeader>
          <h2>{countedTitle(SHORT_ORDER_TEXTS.title, pagination?.total)}</h2>
        </SectionHeader>
        <MutedText $below="md">{SHORT_ORDER_TEXTS.hint}</MutedText>
        <Table
          label={SHORT_ORDER_TEXTS.title}
          columns={columns}
          rows={shown?.data ?? []}
          rowKey="order_id"
          emptyText={SHORT_ORDER_TEXTS.empty}
          {...tableState(query, { keepPrevious: true })}
        />
        {pagination ? (
          <Pager
            page={list.page}
            totalPages={pagination.totalPages}
            total={pagination.total}
            limit={list.limit}
            onPageChange={(page) => list.setPage(page)}
          />
        ) : null}
      </section>
    </Card>
  );
}
