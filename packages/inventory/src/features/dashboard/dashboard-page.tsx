import {
  MESSAGES,
  errorMessage,
  isManager,
  selectCurrentUser,
  useAppSelector,
} from '@gudang/api-client';
import type {
  DashboardStats,
  MostOutgoingProduct,
  Period,
  TopOutOfStockProduct,
  TopStockProduct,
} from '@gudang/api-client';
import {
  CONFIRM_TEXTS,
  Card,
  CardGrid,
  ErrorPanel,
  Page,
  PageHeader,
  StatCard,
  TABLE_TEXTS,
  Table,
  confirmAction,
  formatInteger,
  formatRupiah,
  numberColumn,
  useDeferredQuery,
  useToast,
  useQueryParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { memo, useEffect } from 'react';
import styled from 'styled-components';
import { ConsistencyBanner } from './consistency-banner';
import { useGetDashboardStatsQuery, useRecalculateStockMutation } from './dashboard-api';
import { PeriodSelector } from './period-selector';
import { BestSellersChart, MovementChart } from './movement-charts';
import { RestockSection } from './restock-section';
import { ShortOrdersSection } from './short-orders-section';

// The sections that load their own data re-render when it arrives, not when the statistics do.
const Restock = memo(RestockSection);
const ShortOrders = memo(ShortOrdersSection);
const Movements = memo(MovementChart);

/** Shown instead of a number while the stats load or after they failed: never a false 0. */
export const NO_NUMBER = '–';

const PERIODS: readonly Period[] = ['all', 'today', 'week', 'month', 'year'];

/** The period is in the URL (`?period=week`), so that reload and Back keep it. */
function usePeriodParam(): [Period, (period: Period) => void] {
  const [params, write] = useQueryParams();
  const raw = params.get('period');
  const period = PERIODS.find((value) => value === raw) ?? 'all';
  const setPeriod = (next: Period) => write({ period: next === 'all' ? null : next });
  return [period, setPeriod];
}

const rowKey = (row: { code: string }) => row.code;

const ProductCell = styled.span`
  display: flex;
  flex-direction: column;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

// Name and code share one column so that three lists fit side by side.
const productColumn = {
  key: 'name',
  header: 'Nama Barang',
  render: (row: { name: string; code: string }) => (
    <ProductCell>
      <span>{row.name}</span>
      <small>{row.code}</small>
    </ProductCell>
  ),
};

/** A count of the product, right-aligned. */
function countColumn<T>(key: string, header: string, count: (row: T) => number): TableColumn<T> {
  return numberColumn(key, header, (row) => formatInteger(count(row)));
}

const topStockColumns: TableColumn<TopStockProduct>[] = [
  productColumn,
  countColumn('stock', 'Stok', (row) => row.stock),
];

const mostOutgoingColumns: TableColumn<MostOutgoingProduct>[] = [
  productColumn,
  countColumn('total_out', 'Keluar', (row) => row.total_out),
];

const topOutOfStockColumns: TableColumn<TopOutOfStockProduct>[] = [
  productColumn,
  countColumn('stock', 'Stok', (row) => row.stock),
  countColumn('total_outgoing', 'Keluar', (row) => row.total_outgoing),
];

interface TopProductsCardProps<T extends { code: string }> {
  title: string;
  columns: TableColumn<T>[];
  /** Undefined while the statistics load, or when they failed. */
  rows: readonly T[] | undefined;
  emptyText?: string;
  failed: boolean;
}

/** One of the dashboard's top-five lists: a card whose table is named by the card's title. */
function TopProductsCard<T extends { code: string }>({
  title,
  columns,
  rows,
  emptyText = 'Tidak ada data',
  failed,
}: TopProductsCardProps<T>) {
  return (
    <Card title={title}>
      <Table
        columns={columns}
        rows={rows ?? []}
        rowKey={rowKey}
        emptyText={emptyText}
        label={title}
        loading={rows === undefined && !failed}
        failed={failed}
      />
    </Card>
  );
}

/** The info box shows Retur and Penyesuaian only when either has moved stock. */
function hasCorrections(stats: DashboardStats): boolean {
  return stats.totalReturned !== 0 || stats.totalAdjusted !== 0;
}

/** 'initial + incoming - outgoing = calculated', with '+ returned ± adjusted' when not zero. */
function stockFormula(stats: DashboardStats): string {
  const terms = [
    formatInteger(stats.totalInitialStock),
    `+ ${formatInteger(stats.totalIncomingGoods)}`,
    `- ${formatInteger(stats.totalOutgoingGoods)}`,
  ];
  if (hasCorrections(stats)) {
    terms.push(`+ ${formatInteger(stats.totalReturned)}`);
    const sign = stats.totalAdjusted < 0 ? '-' : '+';
    terms.push(`${sign} ${formatInteger(Math.abs(stats.totalAdjusted))}`);
  }
  return `${terms.join(' ')} = ${formatInteger(stats.calculatedStock)}`;
}

const InfoBox = styled.section`
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.xl}`};
  border: 1px solid ${({ theme }) => theme.colors.primarySoft};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: #eff6ff;
  color: ${({ theme }) => theme.colors.blueText};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: 700;
    margin-bottom: ${({ theme }) => theme.spacing.sm};
  }
  dl {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
    gap: ${({ theme }) => theme.spacing.sm};
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
  dd {
    margin: 0;
    font-weight: 700;
  }
  p {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

const OutOfStockItem = styled.div`
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.redSoft};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fef2f2;
  strong {
    display: block;
    color: ${({ theme }) => theme.colors.grey900};
  }
  span {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  span[data-stock] {
    color: ${({ theme }) => theme.colors.redText};
    font-weight: 600;
  }
`;

export function DashboardPage() {
  const [period, setPeriod] = usePeriodParam();
  const user = useAppSelector(selectCurrentUser);
  const manager = isManager(user);
  const toast = useToast();
  const query = useGetDashboardStatsQuery(period);
  const { error, isError, isFetching, refetch } = query;
  const [recalculate, { isLoading: recalculating }] = useRecalculateStockMutation();

  useEffect(() => {
    if (isError) console.error('Gagal memuat statistik dashboard', error);
  }, [isError, error]);

  // currentData: the answer for this period only, never the last period's while this one loads.
  const shown = useDeferredQuery(query);
  const stats = shown.isError ? undefined : shown.currentData;
  const all = period === 'all';

  const onRecalculate = async () => {
    if (!confirmAction(CONFIRM_TEXTS.recalculateStock)) return;
    try {
      await recalculate().unwrap();
      // The mutation invalidates the stats, so they reload.
      toast.success(MESSAGES.stockRecalculated);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.recalculateFailed));
    }
  };

  return (
    <Page>
      <PageHeader
        title="Dashboard"
        actions={<PeriodSelector value={period} onChange={setPeriod} />}
      />

      {isError && !isFetching ? (
        <ErrorPanel
          title={TABLE_TEXTS.loadFailed}
          message="Statistik dashboard tidak dapat dimuat."
          onRetry={() => void refetch()}
        />
      ) : null}

      <StatCards stats={stats} all={all} manager={manager} />

      {/* Restock suggestions, the orders the stock cannot fill, and the period's charts. */}
      <Restock manager={manager} />
      <ShortOrders />
      <Movements period={period} />

      {stats ? (
        <ConsistencyBanner
          stats={stats}
          showConsistent={all}
          canRecalculate={manager}
          recalculating={recalculating}
          onRecalculate={() => void onRecalculate()}
        />
      ) : null}

      <StatsDetails stats={stats} all={all} failed={isError} />
    </Page>
  );
}

interface StatsProps {
  /** Undefined while the statistics load, or when they failed. */
  stats: DashboardStats | undefined;
  /** The period is 'all' (totals since the start). */
  all: boolean;
}

/** The five numbers at the top. */
const StatCards = memo(function StatCards({
  stats,
  all,
  manager,
}: StatsProps & { manager: boolean }) {
  /** A number of the stats, or the placeholder while there are none. */
  const count = (pick: (loaded: DashboardStats) => number): string =>
    stats ? formatInteger(pick(stats)) : NO_NUMBER;
  return (
    <CardGrid>
      <StatCard
        title="Total Stok Barang"
        value={count((s) => s.totalStock)}
        subtitle={`Stok awal: ${count((s) => s.totalInitialStock)}`}
        tone="blue"
      />
      <StatCard
        title="Barang Masuk"
        value={count((s) => s.incomingGoods)}
        subtitle={all ? `Total: ${count((s) => s.totalIncomingGoods)}` : undefined}
        tone="green"
      />
      <StatCard
        title="Barang Keluar"
        value={count((s) => s.outgoingGoods)}
        subtitle={all ? `Total: ${count((s) => s.totalOutgoingGoods)}` : undefined}
        tone="amber"
      />
      <StatCard title="Stok Habis" value={count((s) => s.outOfStockProducts.length)} tone="red" />
      {manager ? (
        <StatCard
          title="Nilai Stok"
          value={stats?.stockValue === undefined ? NO_NUMBER : formatRupiah(stats.stockValue)}
          tone="blue"
        />
      ) : null}
    </CardGrid>
  );
});

/** The best sellers' chart, the stock formula, the top-five lists and the out-of-stock list. */
const StatsDetails = memo(function StatsDetails({
  stats,
  all,
  failed,
}: StatsProps & { failed: boolean }) {
  return (
    <>
      <BestSellersChart products={stats?.mostOutgoingProducts ?? NO_PRODUCTS} />

      {all && stats ? (
        <InfoBox aria-label="Perhitungan Stok">
          <h3>Perhitungan Stok</h3>
          <dl>
            <div>
              <dt>Stok Awal</dt>
              <dd>{formatInteger(stats.totalInitialStock)}</dd>
            </div>
            <div>
              <dt>Total Barang Masuk</dt>
              <dd>{formatInteger(stats.totalIncomingGoods)}</dd>
            </div>
            <div>
              <dt>Total Barang Keluar</dt>
              <dd>{formatInteger(stats.totalOutgoingGoods)}</dd>
            </div>
            {hasCorrections(stats) ? (
              <>
                <div>
                  <dt>Total Retur</dt>
                  <dd>{formatInteger(stats.totalReturned)}</dd>
                </div>
                <div>
                  <dt>Total Penyesuaian</dt>
                  <dd>{formatInteger(stats.totalAdjusted)}</dd>
                </div>
              </>
            ) : null}
          </dl>
          <p data-testid="stock-formula">{stockFormula(stats)}</p>
        </InfoBox>
      ) : null}

      <CardGrid $min="300px">
        <TopProductsCard
          title="Stok Terbanyak"
          columns={topStockColumns}
          rows={stats?.topStockProducts}
          failed={failed}
        />
        <TopProductsCard
          title="Barang Keluar Terbanyak"
          columns={mostOutgoingColumns}
          rows={stats?.mostOutgoingProducts}
          failed={failed}
        />
        <TopProductsCard
          title="Barang Stok Habis Terbanyak"
          columns={topOutOfStockColumns}
          rows={stats?.topOutOfStockProducts}
          emptyText="Tidak ada barang stok habis"
          failed={failed}
        />
      </CardGrid>

      {stats && stats.outOfStockProducts.length > 0 ? (
        <Card title="Daftar Barang Stok Habis">
          <CardGrid $min="200px" role="list" aria-label="Daftar Barang Stok Habis">
            {stats.outOfStockProducts.map((product) => (
              <OutOfStockItem key={product.code} role="listitem">
                <strong>{product.name}</strong>
                <span>{product.code}</span>
                <span data-stock="">Stok: {formatInteger(product.stock)}</span>
              </OutOfStockItem>
            ))}
          </CardGrid>
        </Card>
      ) : null}
    </>
  );
});

const NO_PRODUCTS: readonly MostOutgoingProduct[] = [];
