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
  PrintedAt,
  RESI_WIDTH,
  todayIso,
} from '@gudang/shared-ui';
import type { TableColumn, Tone } from '@gudang/shared-ui';
import { useState } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { useGetProductLedgerQuery } from './products-api';

const LEDGER_LOAD_FAILED = 'Gagal memuat kartu stok';

// Only the stock card goes to paper: everything else is hidden while printing.
const PrintOnlyStockCard = createGlobalStyle`
  @media print {
    body * {
      visibility: hidden;
    }
    [data-print-area],
    [data-print-area] * {
      visibility: visible;
    }
    [data-print-area] {
      position: absolute;
      top: 0;
      left: 0;
      width: 100%;
    }
    [data-print-hide] {
      display: none !important;
    }
  }
`;

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

const Quantity = styled.span<{ $in: boolean }>`
  font-weight: 600;
  color: ${({ theme, $in }) => ($in ? theme.colors.green : theme.colors.red)};
`;

// Issue 25: a return in good condition and a stock adjustment (Penyesuaian) have lines too.
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
          <Button onClick={() => window.print()} disabled={!ledger}>
            Cetak
          </Button>
        </>
      }
    >
      <PrintOnlyStockCard />
      <Range data-print-hide="">
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
      <div data-print-area="">
        <Heading>
          <h3>Kartu Stok: {product.name}</h3>
          <p>
            Kode {product.code} · Barcode {product.barcode_id}
          </p>
          {!skip ? (
            <p>
              Periode {formatDate(startDate)} - {formatDate(endDate)}
            </p>
          ) : null}
          <PrintedAt printOnly />
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
              emptyText="Tidak ada mutasi pada periode ini"
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
    </Modal>
  );
}
