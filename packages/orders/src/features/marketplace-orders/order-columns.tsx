import { PACKING_MESSAGES } from '@gudang/api-client';
import type { MarketplaceOrder, SkippedOrderLine } from '@gudang/api-client';
import { Badge, formatDate, formatInteger, formatRupiah, numberColumn } from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import {
  CHANNEL_LABELS,
  MARKETPLACE_TEXTS,
  STATUS_LABELS,
  STATUS_TONES,
} from './marketplace-texts';

/** A count or quantity in id-ID ('1.000'), as every other list writes it. */
/** How wide an order number or resi is shown before it is cut (the full text on hover). */
const ORDER_CODE_WIDTH = '19ch';

export const count = (value: number) => formatInteger(value);

/** Units sold in the order (all its lines). */
export const itemCount = (order: Pick<MarketplaceOrder, 'lines'>) =>
  order.lines.reduce((sum, line) => sum + line.quantity, 0);

type OrderStatus = Pick<MarketplaceOrder, 'status' | 'status_text'>;

/** The marketplace's own status words when they say more than Gudang's status; else null. */
function marketplaceWords(order: OrderStatus): string | null {
  const words = order.status_text.trim();
  return words !== '' && words !== STATUS_LABELS[order.status] ? words : null;
}

/** The normalized status as a badge, the marketplace's own words on hover. */
export function StatusBadge({ order }: { order: OrderStatus }) {
  return (
    <Badge tone={STATUS_TONES[order.status]} title={marketplaceWords(order) ?? undefined}>
      {STATUS_LABELS[order.status]}
    </Badge>
  );
}

/** 'Sandal Jepit (SNDL-40) x1': a line the order was imported without, as the server names it. */
export const skippedLabel = (line: SkippedOrderLine): string => PACKING_MESSAGES.skippedLine(line);

/** 'Tidak lengkap' beside the status of an order imported without some of its lines. */
export function IncompleteBadge({ order }: { order: Pick<MarketplaceOrder, 'skipped_lines'> }) {
  if (order.skipped_lines.length === 0) return null;
  const title = MARKETPLACE_TEXTS.incompleteTitle(order.skipped_lines.map(skippedLabel));
  return (
    <Badge tone="red" title={title} aria-label={`${MARKETPLACE_TEXTS.incomplete}: ${title}`}>
      {MARKETPLACE_TEXTS.incomplete}
    </Badge>
  );
}

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** 'Status di marketplace: ...' beside the badge (Scan Kirim, the order's detail), when it says more. */
export function MarketplaceStatusWords({ order }: { order: OrderStatus }) {
  const words = marketplaceWords(order);
  if (words === null) return null;
  return (
    <Muted aria-label={MARKETPLACE_TEXTS.marketplaceStatusLabel}>
      {MARKETPLACE_TEXTS.marketplaceStatus(words)}
    </Muted>
  );
}

const ChannelCell = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  > :first-child {
    white-space: nowrap;
  }
`;

const StoreName = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Whether the order's store says more than its channel: the default store is named after the
 * channel, so a shop with one store per marketplace sees no second line.
 */
const storeShown = (order: Pick<MarketplaceOrder, 'channel' | 'store'>) =>
  order.store.trim().toLowerCase() !== CHANNEL_LABELS[order.channel].toLowerCase();

/** The channel, with the store under it where it is not the channel's own name. */
function ChannelStore({ order }: { order: Pick<MarketplaceOrder, 'channel' | 'store'> }) {
  return (
    <ChannelCell>
      <span>{CHANNEL_LABELS[order.channel]}</span>
      {storeShown(order) ? <StoreName>{order.store}</StoreName> : null}
    </ChannelCell>
  );
}

/** The order list's columns; `actions` renders the last column (detail, delete). */
export function orderColumns(
  actions: (order: MarketplaceOrder) => ReactNode,
): TableColumn<MarketplaceOrder>[] {
  return [
    // The store under the channel rather than a column of its own: the list fits 1366 px.
    // Not nowrap: a long store name wraps under the channel's name, which stays whole.
    {
      key: 'channel',
      header: 'Channel',
      render: (row) => <ChannelStore order={row} />,
    },
    // Order numbers and resi are compared with the marketplace: never broken inside, and
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
      // Not nowrap: 'Tidak lengkap' goes under the status where the row is narrow.
      render: (row) =>
        row.skipped_lines.length === 0 ? (
          <StatusBadge order={row} />
        ) : (
          <>
            <StatusBadge order={row} /> <IncompleteBadge order={row} />
          </>
        ),
    },
    { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
    numberColumn('items', 'Jumlah Barang', (row) => count(itemCount(row))),
    numberColumn('total', 'Total', (row) => formatRupiah(row.total)),
    { key: 'actions', header: 'Aksi', nowrap: true, render: actions },
  ];
}
