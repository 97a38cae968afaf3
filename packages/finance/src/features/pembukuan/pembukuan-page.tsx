import {
  MARKETPLACE_CHANNEL_LABELS,
  MESSAGES,
  PROFIT_CARDS,
  errorMessage,
  fetchAllPages,
  useAppDispatch,
} from '@gudang/api-client';
import type { PembukuanChannelFees, PembukuanRow, PembukuanUpdate } from '@gudang/api-client';
import {
  BoundedDateFields,
  Button,
  Card,
  CardGrid,
  EditIcon,
  FilterBar,
  IconButton,
  ListFooter,
  ListSearchBox,
  MutedText,
  Page,
  PageHeader,
  StatCard,
  Table,
  downloadBlob,
  formatDate,
  formatInteger,
  numberColumn,
  pageArgs,
  tableState,
  useDateRangeParams,
  useListParams,
  useSaveRecord,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn, Tone } from '@gudang/shared-ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { percent, profitTone, rupiah } from './money';
import { PembukuanEditModal } from './pembukuan-edit-modal';
import { exportFileName, pembukuanWorkbook } from './pembukuan-export';
import { PEMBUKUAN_TEXTS } from './pembukuan-texts';
import {
  pembukuanApi,
  useGetPembukuanQuery,
  useGetPembukuanStatsQuery,
  useUpdatePembukuanMutation,
} from './pembukuan-api';

const count = (value: number) => formatInteger(value);

// The search box has no visible label, the date fields have one: align their bottoms.
const Filters = styled(FilterBar)`
  > div:not(:first-child) {
    flex: 0 1 160px;
    > div {
      margin-bottom: 0;
    }
  }
`;

/** A sign's colour: the green one, the red one or the neutral one, by its tone. */
const toneColor = (tone: Tone, green: string, red: string, neutral: string) =>
  tone === 'green' ? green : tone === 'red' ? red : neutral;

const Headline = styled.p<{ $tone: Tone }>`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  color: ${({ theme, $tone }) =>
    toneColor($tone, theme.colors.greenText, theme.colors.redText, theme.colors.grey900)};
`;

// Fourteen columns beside the sidebar at 1366 px (the marketplace fee and the profit after it
// joined the twelve of docs/product.md): every column at its narrowest. 6 px between columns
// instead of the kit's 12 gives the product's name the room for about two words a line (issue 42
// c11); the table's text is the kit's small size (12 px), its headers a pixel smaller and unspaced
// ('MARKETPLACE' sets its column's width), and the codes and resi continue on a second line past
// CODE_TEXT_WIDTH and RESI_TEXT_WIDTH. The kit's 12 px stays at the outer edges; the phone's
// cards keep their own size.
const DenseTable = styled.div`
  table {
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
  th {
    font-size: 11px;
    letter-spacing: 0;
  }
  th,
  td {
    padding-left: 3px;
    padding-right: 3px;
  }
  :is(th, td):first-child {
    padding-left: ${({ theme }) => theme.spacing.md};
  }
  :is(th, td):last-child {
    padding-right: ${({ theme }) => theme.spacing.md};
  }
`;

/** The widest a product code is shown on one line in this table ('FPR-004' fits). */
const CODE_TEXT_WIDTH = '8ch';
/** The widest a resi is shown on one line in this table: a longer one goes on a second line. */
const RESI_TEXT_WIDTH = '10ch';

// A name cell (product, category, brand): at most three lines, then cut with an ellipsis, its
// whole text in the title (a tooltip). A word longer than its column breaks where it must, so that a
// long name never widens the table past its frame at 1366 px (nor a phone's card past the
// screen); the column widths keep ordinary words whole.
const ClippedName = styled.span`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  overflow: hidden;
  overflow-wrap: anywhere;
`;

function NameText({ text }: { text: string }) {
  return <ClippedName title={text}>{text}</ClippedName>;
}

const NoWrap = styled.span`
  white-space: nowrap;
`;

const Quantity = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.redText};
`;

// The returned units under the quantity: the margin beside it counts only the units kept.
const Returned = styled.small`
  display: block;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MarginText = styled.span<{ $tone: Tone }>`
  font-weight: 600;
  color: ${({ theme, $tone }) =>
    toneColor($tone, theme.colors.green, theme.colors.red, theme.colors.textMuted)};
`;

// Issue 46: 'Dana dikembalikan' under the quantity, and the loss under the margin: on two lines
// if need be, so that the fourteen columns still fit at 1366 px.
const RefundNote = styled.small`
  display: block;
  font-weight: 600;
  white-space: normal;
  color: ${({ theme }) => theme.colors.redText};
`;

/**
 * Margin of a row: its margin (the refunded units at 0) and, for a sale 'Dana dikembalikan', the
 * cost of those units as the loss under it.
 */
export function RowMargin({ row }: { row: PembukuanRow }) {
  const loss = row.refund_loss ?? 0;
  return (
    <>
      <Margin value={row.margin} />
      {row.sale_status === 'dana_dikembalikan' && loss > 0 ? (
        <RefundNote
          data-refund-loss=""
          title={PEMBUKUAN_TEXTS.refundLossTitle(count(row.refunded_quantity ?? 0), rupiah(loss))}
        >
          {PEMBUKUAN_TEXTS.refundLoss}
          <NoWrap>{rupiah(loss)}</NoWrap>
        </RefundNote>
      ) : null}
    </>
  );
}

/** Margin: green when positive, red when negative, a dash when zero (docs/product.md point 2). */
export function Margin({ value }: { value: number }) {
  const tone = profitTone(value);
  return (
    <MarginText data-tone={tone} $tone={tone}>
      {value === 0 ? '-' : rupiah(value)}
    </MarginText>
  );
}

// Under the estimate, on two lines if need be (the column is as narrow as its header).
const FeeNote = styled.small`
  display: block;
  white-space: normal;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.amberText};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** An estimate ('Belum cair') in whole rupiah after '≈': its cents would be false precision. */
const estimate = (amount: number) => `≈ ${rupiah(Math.round(amount))}`;

/**
 * Biaya Marketplace of a sale: its share of its order's settled fees; '≈' and 'Belum cair ·
 * perkiraan' while the income file is not imported; a dash for a sale of no marketplace order.
 */
export function MarketplaceFee({ row }: { row: PembukuanRow }) {
  const fee = row.marketplace_fee;
  if (fee === null || fee === undefined) return <Muted data-fee="none">-</Muted>;
  if (row.settled !== false) return <span data-fee="settled">{rupiah(fee)}</span>;
  return (
    <span
      data-fee={row.fee_estimated ? 'estimated' : 'unsettled'}
      title={PEMBUKUAN_TEXTS.estimateTitle}
    >
      {row.fee_estimated ? estimate(fee) : '-'}
      <FeeNote>
        {PEMBUKUAN_TEXTS.notSettled}
        {row.fee_estimated ? ` · ${PEMBUKUAN_TEXTS.estimate}` : ''}
      </FeeNote>
    </span>
  );
}

/** Laba Setelah Biaya: coloured as the margin, '≈' while the fee is an estimate. */
export function ProfitAfterFees({ row }: { row: PembukuanRow }) {
  const value = row.profit_after_fees;
  if (value === undefined) return <Muted>-</Muted>;
  const tone = profitTone(value);
  return (
    <MarginText data-tone={tone} $tone={tone}>
      {value === 0 ? '-' : row.fee_estimated ? estimate(value) : rupiah(value)}
    </MarginText>
  );
}

// An amount in a stat card: one line, a size smaller than a count, so 'Rp 18.346.500' fits.
const Amount = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  white-space: nowrap;
`;

// The six products: three across on a laptop, two on a tablet, one on a phone.
const ProductGrid = styled(CardGrid)`
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  > [role='group'] {
    padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  }
`;

/** 'manual': the sales of no marketplace order (hand sales in Barang Keluar). */
const MANUAL_CHANNEL = 'manual';

const channelLabel = (channel: string) =>
  channel === MANUAL_CHANNEL
    ? PEMBUKUAN_TEXTS.manualChannel
    : ((MARKETPLACE_CHANNEL_LABELS as Record<string, string>)[channel] ?? channel);

const STORE_COLUMNS: TableColumn<PembukuanChannelFees>[] = [
  {
    key: 'channel',
    header: PEMBUKUAN_TEXTS.channel,
    render: (row) => channelLabel(row.channel),
  },
  {
    key: 'store',
    header: PEMBUKUAN_TEXTS.store,
    render: (row) => row.store ?? PEMBUKUAN_TEXTS.noStore,
  },
  {
    key: 'sales',
    header: PEMBUKUAN_TEXTS.sales,
    align: 'right',
    render: (row) => rupiah(row.sales),
  },
  { key: 'fees', header: PEMBUKUAN_TEXTS.fees, align: 'right', render: (row) => rupiah(row.fees) },
  {
    key: 'fee_percent',
    header: PEMBUKUAN_TEXTS.feePercent,
    align: 'right',
    // Fees without sales (every unit refunded or back) are no share of them: '-', not '0%'.
    render: (row) => (row.sales === 0 ? '-' : percent(row.fee_percent)),
  },
  {
    key: 'profit_after_fees',
    header: PEMBUKUAN_TEXTS.profitAfterFees,
    align: 'right',
    render: (row) => <Margin value={row.profit_after_fees} />,
  },
];

export function PembukuanPage() {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const list = useListParams();
  // A start after the end is said at the start field (the end's own problems at the end).
  const dates = useDateRangeParams({ reversedOn: 'start' });
  const range = { startDate: dates.startDate, endDate: dates.endDate };
  const skip = !dates.valid;

  const transactions = useGetPembukuanQuery({ ...range, ...pageArgs(list) }, { skip });
  const { currentData, isError, error } = transactions;
  const stats = useGetPembukuanStatsQuery(range, { skip });
  const [updatePembukuan, updateState] = useUpdatePembukuanMutation();
  const [editing, setEditing] = useState<PembukuanRow | null>(null);
  const [exporting, setExporting] = useState(false);

  // docs/product.md point 8: a failed stats fetch is only logged.
  useEffect(() => {
    if (stats.isError) console.error('Gagal memuat statistik pembukuan', stats.error);
  }, [stats.isError, stats.error]);
  useEffect(() => {
    if (isError) console.error('Gagal memuat pembukuan', error);
  }, [isError, error]);

  const rows = skip || isError ? [] : (currentData?.data ?? []);
  const pagination = skip || isError ? undefined : currentData?.pagination;
  const summary = skip ? undefined : stats.currentData;
  // A page past the last one (an old link, a search with fewer rows) goes to the last page:
  // ListFooter applies the shared page clamp.

  const saveRecord = useSaveRecord(
    (body: PembukuanUpdate) => updatePembukuan(body),
    ({ body }) => updatePembukuan(body),
    {
      created: MESSAGES.pembukuanUpdated,
      updated: MESSAGES.pembukuanUpdated,
      failure: MESSAGES.pembukuanSaveFailed,
    },
  );
  const save = async (update: PembukuanUpdate): Promise<boolean> => {
    const saved = await saveRecord(update);
    if (saved) setEditing(null);
    return saved;
  };

  // Every row of the range and the search (as on screen, and as List Order exports), not only
  // the page on screen.
  const exportExcel = async () => {
    setExporting(true);
    try {
      const all = await fetchAllPages((page, limit) =>
        dispatch(
          pembukuanApi.endpoints.getPembukuan.initiate(
            { ...range, page, limit, ...(list.search ? { search: list.search } : {}) },
            { subscribe: false, forceRefetch: true },
          ),
        ).unwrap(),
      );
      downloadBlob(await pembukuanWorkbook(all), exportFileName(range.startDate, range.endDate));
      toast.success(MESSAGES.pembukuanExported);
    } catch (failure) {
      toast.error(errorMessage(failure, PEMBUKUAN_TEXTS.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumn<PembukuanRow>[] = [
    { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
    { key: 'code', header: 'Kode', code: true, codeWidth: CODE_TEXT_WIDTH },
    // Widths that keep ordinary words whole at 1366 px: the text columns share what the numbers
    // leave; product, brand and category names at most three lines (NameText).
    {
      key: 'name',
      header: 'Nama Produk',
      width: '13%',
      render: (row) => <NameText text={row.name} />,
    },
    {
      key: 'category',
      header: 'Kategori',
      width: '9%',
      render: (row) => <NameText text={row.category} />,
    },
    {
      key: 'brand',
      header: 'Merk',
      width: '9%',
      render: (row) => <NameText text={row.brand} />,
    },
    numberColumn('quantity', 'Jumlah Keluar', (row) => (
      <>
        <Quantity>-{count(row.quantity)}</Quantity>
        {(row.returned_quantity ?? 0) > 0 ? (
          <Returned>{PEMBUKUAN_TEXTS.returned(count(row.returned_quantity ?? 0))}</Returned>
        ) : null}
        {row.sale_status === 'dana_dikembalikan' ? (
          <RefundNote data-sale-status="dana_dikembalikan">
            {PEMBUKUAN_TEXTS.refunded(count(row.refunded_quantity ?? 0))}
          </RefundNote>
        ) : null}
      </>
    )),
    // A resi never breaks inside: the shared code cell.
    { key: 'resi_number', header: 'No. Resi', code: true, codeWidth: RESI_TEXT_WIDTH },
    numberColumn('purchase_price', PEMBUKUAN_TEXTS.purchasePrice, (row) =>
      rupiah(row.purchase_price),
    ),
    numberColumn('selling_price', PEMBUKUAN_TEXTS.sellingPrice, (row) => rupiah(row.selling_price)),
    numberColumn('discount', PEMBUKUAN_TEXTS.discount, (row) => rupiah(row.discount)),
    numberColumn('margin', 'Margin', (row) => <RowMargin row={row} />),
    numberColumn('marketplace_fee', PEMBUKUAN_TEXTS.marketplaceFee, (row) => (
      <MarketplaceFee row={row} />
    )),
    numberColumn('profit_after_fees', PEMBUKUAN_TEXTS.profitAfterFees, (row) => (
      <ProfitAfterFees row={row} />
    )),
    {
      key: 'actions',
      header: 'Aksi',
      nowrap: true,
      render: (row) => (
        <IconButton
          label="Edit"
          icon={<EditIcon />}
          tone="primary"
          onClick={() => setEditing(row)}
        />
      ),
    },
  ];

  const totalProfit = summary?.totalProfit;

  return (
    <Page>
      <PageHeader
        title={PEMBUKUAN_TEXTS.title}
        actions={
          <Button
            variant="green"
            onClick={() => void exportExcel()}
            busy={exporting}
            busyText={PEMBUKUAN_TEXTS.exporting}
            disabled={skip || summary?.totalTransactions === 0}
          >
            {PEMBUKUAN_TEXTS.exportExcel}
          </Button>
        }
      />
      <Filters>
        <ListSearchBox list={list} placeholder={PEMBUKUAN_TEXTS.search} />
        <BoundedDateFields range={dates} />
      </Filters>
      <Headline $tone={totalProfit === undefined ? 'grey' : profitTone(totalProfit)}>
        {PEMBUKUAN_TEXTS.headline}{' '}
        <NoWrap>{totalProfit === undefined ? 'Rp -' : rupiah(totalProfit)}</NoWrap>
      </Headline>
      <MutedText data-stats-scope="">
        {PEMBUKUAN_TEXTS.statsScope(
          `${formatDate(dates.startDate)} - ${formatDate(dates.endDate)}`,
        )}
        {list.search ? ` ${PEMBUKUAN_TEXTS.searchScope(list.search)}` : null}
      </MutedText>
      <CardGrid as="section" $min="200px" aria-label={PEMBUKUAN_TEXTS.stats}>
        <StatCard
          title={PEMBUKUAN_TEXTS.totalProfit}
          value={summary ? <Amount>{rupiah(summary.totalProfit)}</Amount> : '-'}
          tone={summary ? profitTone(summary.totalProfit) : 'grey'}
        />
        <StatCard
          title={PEMBUKUAN_TEXTS.profitable}
          value={summary ? count(summary.profitableTransactions) : '-'}
          subtitle={
            summary ? PEMBUKUAN_TEXTS.profitableOf(count(summary.totalTransactions)) : undefined
          }
          tone="green"
        />
        <StatCard
          title={PEMBUKUAN_TEXTS.totalTransactions}
          value={summary ? count(summary.totalTransactions) : '-'}
          subtitle={summary ? PEMBUKUAN_TEXTS.unitsOut(count(summary.totalQuantity)) : undefined}
          tone="blue"
        />
        <StatCard
          title={PEMBUKUAN_TEXTS.averageProfit}
          value={summary ? <Amount>{rupiah(summary.averageProfit)}</Amount> : '-'}
          subtitle={PEMBUKUAN_TEXTS.perTransaction}
          tone={summary ? profitTone(summary.averageProfit) : 'grey'}
        />
        <StatCard
          title={PEMBUKUAN_TEXTS.totalFees}
          value={
            summary?.totalFees !== undefined ? <Amount>{rupiah(summary.totalFees)}</Amount> : '-'
          }
          tone="amber"
        />
        <StatCard
          title={PEMBUKUAN_TEXTS.feePercent}
          value={
            summary?.feePercent !== undefined && summary.totalSellingValue !== 0 ? (
              <Amount>{percent(summary.feePercent)}</Amount>
            ) : (
              '-'
            )
          }
          subtitle={
            summary?.feePercent !== undefined
              ? PEMBUKUAN_TEXTS.feePercentOf(rupiah(summary.totalSellingValue))
              : undefined
          }
          tone="amber"
        />
        <StatCard
          title={PEMBUKUAN_TEXTS.profitAfterFees}
          value={
            summary?.profitAfterFees !== undefined ? (
              <Amount>{rupiah(summary.profitAfterFees)}</Amount>
            ) : (
              '-'
            )
          }
          subtitle={
            (summary?.totalRefundLoss ?? 0) > 0
              ? PEMBUKUAN_TEXTS.afterFeesAndRefunds
              : PEMBUKUAN_TEXTS.afterFees
          }
          tone={
            summary?.profitAfterFees !== undefined ? profitTone(summary.profitAfterFees) : 'grey'
          }
        />
        {summary && (summary.refundedTransactions ?? 0) > 0 ? (
          <StatCard
            title={PEMBUKUAN_TEXTS.refundCard}
            value={<Amount>{rupiah(summary.totalRefundLoss ?? 0)}</Amount>}
            subtitle={PEMBUKUAN_TEXTS.refundCardOf(
              count(summary.refundedTransactions ?? 0),
              count(summary.totalRefundedQuantity ?? 0),
            )}
            tone="red"
          />
        ) : null}
      </CardGrid>
      {summary?.feesByChannel?.some((row) => row.channel !== MANUAL_CHANNEL) ? (
        <Card title={PEMBUKUAN_TEXTS.perStore}>
          <Table
            label={PEMBUKUAN_TEXTS.perStore}
            columns={STORE_COLUMNS}
            rows={summary.feesByChannel ?? []}
            rowKey={(row) => `${row.channel}:${row.store_id ?? ''}`}
            emptyText={PEMBUKUAN_TEXTS.empty}
          />
        </Card>
      ) : null}
      {summary && summary.productProfits.length > 0 ? (
        <Card title={PEMBUKUAN_TEXTS.perProduct}>
          <ProductGrid>
            {summary.productProfits.slice(0, PROFIT_CARDS).map((product) => (
              <StatCard
                key={product.code}
                title={product.name}
                value={<Amount>{rupiah(product.total_profit)}</Amount>}
                subtitle={product.code}
                tone={profitTone(product.total_profit)}
              />
            ))}
          </ProductGrid>
        </Card>
      ) : null}
      <DenseTable>
        <Table
          label={PEMBUKUAN_TEXTS.title}
          columns={columns}
          rows={rows}
          rowKey="id"
          {...tableState(transactions, { skip })}
          emptyText={PEMBUKUAN_TEXTS.empty}
        />
      </DenseTable>
      <ListFooter list={list} pagination={pagination} />
      <PembukuanEditModal
        row={editing}
        saving={updateState.isLoading}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
    </Page>
  );
}
