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
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ConsistencyBanner } from './consistency-banner';
import { useGetDashboardStatsQuery, useRecalculateStockMutation } from './dashboard-api';
import { formatCount } from './format-count';
import { PeriodSelector } from './period-selector';

// A failed stats fetch is logged and said ('Gagal memuat data', issue 8); the numbers show 0.
const EMPTY_STATS: DashboardStats = {
  totalStock: 0,
  totalInitialStock: 0,
  incomingGoods: 0,
  outgoingGoods: 0,
  totalIncomingGoods: 0,
  totalOutgoingGoods: 0,
  calculatedStock: 0,
  stockConsistency: { isConsistent: true, difference: 0, checkedAt: '' },
  topStockProducts: [],
  mostOutgoingProducts: [],
  outOfStockProducts: [],
  topOutOfStockProducts: [],
};

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

const topStockColumns: TableColumn<TopStockProduct>[] = [
  productColumn,
  { key: 'stock', header: 'Stok', align: 'right', render: (row) => formatCount(row.stock) },
];

const mostOutgoingColumns: TableColumn<MostOutgoingProduct>[] = [
  productColumn,
  {
    key: 'total_out',
    header: 'Keluar',
    align: 'right',
    render: (row) => formatCount(row.total_out),
  },
];

const topOutOfStockColumns: TableColumn<TopOutOfStockProduct>[] = [
  productColumn,
  { key: 'stock', header: 'Stok', align: 'right', render: (row) => formatCount(row.stock) },
  {
    key: 'total_outgoing',
    header: 'Keluar',
    align: 'right',
    render: (row) => formatCount(row.total_outgoing),
  },
];

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
  const [period, setPeriod] = useState<Period>('all');
  const user = useAppSelector(selectCurrentUser);
  const manager = isManager(user);
  const toast = useToast();
  const { data, error, isError, isFetching, refetch } = useGetDashboardStatsQuery(period);
  const [recalculate, { isLoading: recalculating }] = useRecalculateStockMutation();

  useEffect(() => {
    if (isError) console.error('Gagal memuat statistik dashboard', error);
  }, [isError, error]);

  const stats = isError ? EMPTY_STATS : (data ?? EMPTY_STATS);
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

      <CardGrid>
        <StatCard
          title="Total Stok Barang"
          value={formatCount(stats.totalStock)}
          subtitle={`Stok awal: ${formatCount(stats.totalInitialStock)}`}
          tone="blue"
        />
        <StatCard
          title="Barang Masuk"
          value={formatCount(stats.incomingGoods)}
          subtitle={all ? `Total: ${formatCount(stats.totalIncomingGoods)}` : undefined}
          tone="green"
        />
        <StatCard
          title="Barang Keluar"
          value={formatCount(stats.outgoingGoods)}
          subtitle={all ? `Total: ${formatCount(stats.totalOutgoingGoods)}` : undefined}
          tone="amber"
        />
        <StatCard
          title="Stok Habis"
          value={formatCount(stats.outOfStockProducts.length)}
          tone="red"
        />
      </CardGrid>

      {data && !isError ? (
        <ConsistencyBanner
          stats={data}
          showConsistent={all}
          canRecalculate={manager}
          recalculating={recalculating}
          onRecalculate={() => void onRecalculate()}
        />
      ) : null}

      {all ? (
        <InfoBox aria-label="Perhitungan Stok">
          <h3>Perhitungan Stok</h3>
          <dl>
            <div>
              <dt>Stok Awal</dt>
              <dd>{formatCount(stats.totalInitialStock)}</dd>
            </div>
            <div>
              <dt>Total Barang Masuk</dt>
              <dd>{formatCount(stats.totalIncomingGoods)}</dd>
            </div>
            <div>
              <dt>Total Barang Keluar</dt>
              <dd>{formatCount(stats.totalOutgoingGoods)}</dd>
            </div>
          </dl>
          <p data-testid="stock-formula">
            {formatCount(stats.totalInitialStock)} + {formatCount(stats.totalIncomingGoods)} -{' '}
            {formatCount(stats.totalOutgoingGoods)} = {formatCount(stats.calculatedStock)}
          </p>
        </InfoBox>
      ) : null}

      <CardGrid $min="300px">
        <Card title="Stok Terbanyak">
          <Table
            columns={topStockColumns}
            rows={stats.topStockProducts}
            rowKey={rowKey}
            emptyText="Tidak ada data"
            label="Stok Terbanyak"
            failed={isError}
          />
        </Card>
        <Card title="Barang Keluar Terbanyak">
          <Table
            columns={mostOutgoingColumns}
            rows={stats.mostOutgoingProducts}
            rowKey={rowKey}
            emptyText="Tidak ada data"
            label="Barang Keluar Terbanyak"
            failed={isError}
          />
        </Card>
        <Card title="Barang Stok Habis Terbanyak">
          <Table
            columns={topOutOfStockColumns}
            rows={stats.topOutOfStockProducts}
            rowKey={rowKey}
            emptyText="Tidak ada barang stok habis"
            label="Barang Stok Habis Terbanyak"
            failed={isError}
          />
        </Card>
      </CardGrid>

      {stats.outOfStockProducts.length > 0 ? (
        <Card title="Daftar Barang Stok Habis">
          <CardGrid $min="200px" role="list" aria-label="Daftar Barang Stok Habis">
            {stats.outOfStockProducts.map((product) => (
              <OutOfStockItem key={product.code} role="listitem">
                <strong>{product.name}</strong>
                <span>{product.code}</span>
                <span data-stock="">Stok: {formatCount(product.stock)}</span>
              </OutOfStockItem>
            ))}
          </CardGrid>
        </Card>
      ) : null}
    </Page>
  );
}
