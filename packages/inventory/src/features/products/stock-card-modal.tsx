import {
  FIELDS,
  LEDGER_DEFAULT_DAYS,
  MARKETPLACE_CHANNEL_LABELS,
  PRODUCT_MESSAGES,
  errorMessage,
} from '@gudang/api-client';
import type { LedgerEntry, Product } from '@gudang/api-client';
import type { Reservation } from '@gudang/api-client/contract';
import {
  Badge,
  Button,
  DateField,
  ErrorPanel,
  Modal,
  Pager,
  Spinner,
  Table,
  addDaysIso,
  dateWindow,
  dateWindowError,
  formatDate,
  formatInteger,
  numberColumn,
  shownAnswer,
  PrintReport,
  RESI_WIDTH,
  todayIso,
  usePageClamp,
  usePrintRequest,
} from '@gudang/shared-ui';
import type { TableColumn, Tone } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { AvailableStock, stockNumbers } from './available-stock';
import { useGetProductLedgerQuery, useGetReservationsQuery } from './products-api';

const LEDGER_LOAD_FAILED = 'Gagal memuat kartu stok';
const EMPTY_TEXT = 'Tidak ada mutasi pada periode ini';

export const OPEN_ORDER_TEXTS = {
  title: 'Pesanan Terbuka',
  hint: 'Pesanan marketplace yang belum dikemas dan memesan stok produk ini (Dipesan).',
  empty: 'Tidak ada pesanan terbuka',
  failed: 'Gagal memuat pesanan terbuka',
} as const;

/** Rows of 'Pesanan Terbuka' per page of the card. */
export const OPEN_ORDERS_PAGE_SIZE = 10;

const Range = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
`;

const Heading = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing.md};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Balance = styled.p`
  display: flex;
  justify-content: space-between;
  margin: ${({ theme }) => theme.spacing.md} 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  background: ${({ theme }) => theme.colors.grey100};
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
`;

// On paper the balances are plain lines around the table.
const PrintBalance = styled.p`
  display: flex;
  justify-content: space-between;
  margin: 6px 0;
  font-weight: 600;
`;

const Quantity = styled.span<{ $in: boolean }>`
  font-weight: 600;
  color: ${({ theme, $in }) => ($in ? theme.colors.green : theme.colors.red)};
`;

// A return in good condition and a stock adjustment (Penyesuaian) have lines too.
const ENTRY_BADGES: Record<LedgerEntry['type'], { label: string; tone: Tone }> = {
  incoming: { label: 'Masuk', tone: 'green' },
  outgoing: { label: 'Keluar', tone: 'red' },
  return: { label: 'Retur', tone: 'blue' },
  adjustment: { label: 'Penyesuaian', tone: 'amber' },
};

// The entry's reason under its badge: whole on a phone's card; in the table three lines of about
// five words at the most, its whole text in the title (a 1,000-character reason typed in Retur
// or a long opname session's name made the row as wide as the table and pages tall).
const Reason = styled.small`
  display: block;
  margin-top: 2px;
  color: ${({ theme }) => theme.colors.textMuted};
  @media ${({ theme }) => theme.media.md} {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
    max-width: 32ch;
  }
`;

// Stok, Dipesan and Tersedia side by side under the product's name.
const Numbers = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  div {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
    background: ${({ theme }) => theme.colors.grey100};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 600;
  }
`;

const OpenOrdersBox = styled.section`
  margin-top: ${({ theme }) => theme.spacing.lg};
  h4 {
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: 700;
    margin: 0;
  }
  p {
    margin: ${({ theme }) => theme.spacing.xs} 0 ${({ theme }) => theme.spacing.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const openOrderColumns: TableColumn<Reservation>[] = [
  { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
  {
    key: 'channel',
    header: 'Channel',
    nowrap: true,
    render: (row) => MARKETPLACE_CHANNEL_LABELS[row.channel],
  },
  { key: 'store', header: 'Toko' },
  { key: 'order_number', header: 'No. Pesanan', code: true },
  {
    key: 'resi_number',
    header: 'Resi',
    code: true,
    codeWidth: RESI_WIDTH,
    render: (row) => row.resi_number ?? '-',
  },
  numberColumn('quantity', 'Jumlah', (row) => formatInteger(row.quantity)),
];

/** The open marketplace orders holding units of the product, oldest first, a page at a time. */
function OpenOrders({ code }: { code: string }) {
  const [page, setPage] = useState(1);
  const query = useGetReservationsQuery({
    product_code: code,
    page,
    limit: OPEN_ORDERS_PAGE_SIZE,
  });
  const { error, isError, refetch } = query;
  // The page shown stays while the next one loads.
  const shown = shownAnswer(query, { keepPrevious: true });
  usePageClamp({ page, setPage }, shown?.pagination);

  let body;
  if (isError)
    body = (
      <ErrorPanel
        message={errorMessage(error, OPEN_ORDER_TEXTS.failed)}
        onRetry={() => void refetch()}
      />
    );
  else if (!shown) body = <Spinner label="Memuat data..." />;
  else if (shown.pagination.total === 0) body = <p>{OPEN_ORDER_TEXTS.empty}</p>;
  else
    body = (
      <>
        <p>{OPEN_ORDER_TEXTS.hint}</p>
        <Table
          columns={openOrderColumns}
          rows={shown.data}
          rowKey={(row, index) => `${row.order_id}-${row.product_code}-${index}`}
          emptyText={OPEN_ORDER_TEXTS.empty}
          label={OPEN_ORDER_TEXTS.title}
        />
        <Pager
          page={page}
          totalPages={shown.pagination.totalPages}
          total={shown.pagination.total}
          limit={OPEN_ORDERS_PAGE_SIZE}
          onPageChange={setPage}
        />
      </>
    );
  return (
    <OpenOrdersBox aria-label={OPEN_ORDER_TEXTS.title}>
      <h4>{OPEN_ORDER_TEXTS.title}</h4>
      {body}
    </OpenOrdersBox>
  );
}

const columns: TableColumn<LedgerEntry>[] = [
  { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
  {
    key: 'type',
    header: 'Jenis',
    render: (row) => (
      <>
        <Badge tone={ENTRY_BADGES[row.type].tone}>{ENTRY_BADGES[row.type].label}</Badge>
        {row.reason ? <Reason title={row.reason}>{row.reason}</Reason> : null}
      </>
    ),
  },
  {
    key: 'resi_number',
    header: 'Nomor Resi',
    code: true,
    codeWidth: RESI_WIDTH,
    render: (row) => (row.resi_number === '' ? '-' : row.resi_number),
  },
  { key: 'platform', header: 'Platform', render: (row) => row.platform ?? '-' },
  {
    key: 'quantity',
    header: 'Jumlah',
    align: 'right',
    nowrap: true,
    render: (row) => (
      <Quantity $in={row.quantity > 0}>{formatInteger(row.quantity, { sign: true })}</Quantity>
    ),
  },
  numberColumn('balance', 'Saldo', (row) => formatInteger(row.balance)),
];

export interface StockCardModalProps {
  /** The product whose card is shown; null when closed. */
  product: Product | null;
  onClose: () => void;
}

export function StockCardModal({ product, onClose }: StockCardModalProps) {
  if (!product) return null;
  return <StockCard key={product.id} product={product} onClose={onClose} />;
}

function StockCard({ product, onClose }: { product: Product; onClose: () => void }) {
  const [endDate, setEndDate] = useState(() => todayIso());
  const [startDate, setStartDate] = useState(() => addDaysIso(endDate, -LEDGER_DEFAULT_DAYS));
  const range = dateWindow();
  // A cleared or out-of-window date says so, rather than leaving a blank card.
  const dateError = (value: string, label: string): string | undefined =>
    value === '' ? `${label} wajib diisi` : dateWindowError(value, label, range);
  const startError = dateError(startDate, FIELDS.startDate.label);
  const endError = dateError(endDate, FIELDS.endDate.label);
  const rangeError = !startError && !endError && startDate > endDate;
  const skip = rangeError || startError !== undefined || endError !== undefined;
  const { data, error, isError, isFetching, refetch } = useGetProductLedgerQuery(
    { id: product.id, startDate, endDate },
    { skip },
  );
  const ledger = skip || isError ? undefined : data;
  const { printing, print } = usePrintRequest();
  const title = `Kartu Stok: ${product.name}`;
  // Rak (issue 47) where the product lives, when set.
  const productLine = `Kode ${product.code} · Barcode ${product.barcode_id}${product.rack ? ` · Rak ${product.rack}` : ''}`;
  const period = `${formatDate(startDate)} - ${formatDate(endDate)}`;
  const { reserved, available } = stockNumbers(product);

  return (
    <Modal
      open
      size="lg"
      title="Kartu Stok"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Tutup
          </Button>
          <Button onClick={print} disabled={!ledger}>
            Cetak
          </Button>
        </>
      }
    >
      <Range>
        <DateField
          label={FIELDS.startDate.label}
          value={startDate}
          required
          min={range.min}
          max={endDate && !endError ? endDate : range.max}
          onChange={(event) => setStartDate(event.target.value)}
          error={startError ?? (rangeError ? PRODUCT_MESSAGES.ledgerRange : undefined)}
        />
        <DateField
          label={FIELDS.endDate.label}
          value={endDate}
          required
          min={startDate && !startError ? startDate : range.min}
          max={range.max}
          onChange={(event) => setEndDate(event.target.value)}
          error={endError}
        />
      </Range>
      <div>
        <Heading>
          <h3>{title}</h3>
          <p>{productLine}</p>
          {!skip ? <p>Periode {period}</p> : null}
        </Heading>
        <Numbers>
          <div>
            <dt>Stok</dt>
            <dd data-testid="current-stock">{formatInteger(product.current_stock)}</dd>
          </div>
          <div>
            <dt>Dipesan</dt>
            <dd data-testid="reserved-stock">{formatInteger(reserved)}</dd>
          </div>
          <div>
            <dt>Tersedia</dt>
            <dd data-testid="available-stock">
              <AvailableStock value={available} />
            </dd>
          </div>
        </Numbers>
        {isError ? (
          <ErrorPanel
            message={errorMessage(error, LEDGER_LOAD_FAILED)}
            onRetry={() => void refetch()}
          />
        ) : null}
        {!ledger && isFetching ? <Spinner label="Memuat data..." /> : null}
        {ledger ? (
          <>
            <Balance>
              <span>Saldo Awal</span>
              <span data-testid="opening-balance">{formatInteger(ledger.opening_balance)}</span>
            </Balance>
            <Table
              columns={columns}
              rows={ledger.entries}
              rowKey={(row) => `${row.type}-${row.id}`}
              emptyText={EMPTY_TEXT}
              label="Mutasi Stok"
              loading={isFetching}
            />
            <Balance>
              <span>Saldo Akhir</span>
              <span data-testid="closing-balance">{formatInteger(ledger.closing_balance)}</span>
            </Balance>
          </>
        ) : null}
        <OpenOrders code={product.code} />
      </div>
      {printing && ledger ? (
        <PrintReport
          title={title}
          subtitle={productLine}
          period={period}
          columns={columns}
          rows={ledger.entries}
          rowKey={(row) => `${row.type}-${row.id}`}
          emptyText={EMPTY_TEXT}
          before={
            <PrintBalance>
              <span>Saldo Awal</span>
              <span>{formatInteger(ledger.opening_balance)}</span>
            </PrintBalance>
          }
          after={
            <PrintBalance>
              <span>Saldo Akhir</span>
              <span>{formatInteger(ledger.closing_balance)}</span>
            </PrintBalance>
          }
        />
      ) : null}
    </Modal>
  );
}
