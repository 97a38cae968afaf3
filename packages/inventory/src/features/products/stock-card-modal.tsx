import { FIELDS, LEDGER_DEFAULT_DAYS, PRODUCT_MESSAGES, errorMessage } from '@gudang/api-client';
import type { LedgerEntry, Product } from '@gudang/api-client';
import {
  Badge,
  Button,
  DateField,
  ErrorPanel,
  Modal,
  Spinner,
  Table,
  addDaysIso,
  dateWindow,
  dateWindowError,
  formatDate,
  formatInteger,
  PrintReport,
  RESI_WIDTH,
  todayIso,
  usePrintRequest,
} from '@gudang/shared-ui';
import type { TableColumn, Tone } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useGetProductLedgerQuery } from './products-api';

const LEDGER_LOAD_FAILED = 'Gagal memuat kartu stok';
const EMPTY_TEXT = 'Tidak ada mutasi pada periode ini';

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

const Reason = styled.small`
  display: block;
  margin-top: 2px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const columns: TableColumn<LedgerEntry>[] = [
  { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
  {
    key: 'type',
    header: 'Jenis',
    render: (row) => (
      <>
        <Badge tone={ENTRY_BADGES[row.type].tone}>{ENTRY_BADGES[row.type].label}</Badge>
        {row.reason ? <Reason>{row.reason}</Reason> : null}
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
  {
    key: 'balance',
    header: 'Saldo',
    align: 'right',
    nowrap: true,
    render: (row) => formatInteger(row.balance),
  },
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
  const productLine = `Kode ${product.code} · Barcode ${product.barcode_id}`;
  const period = `${formatDate(startDate)} - ${formatDate(endDate)}`;

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
