import { SETTLEMENT_FEE_CATEGORIES, SETTLEMENT_FEE_LABELS } from '@gudang/api-client';
import type { SettlementFees, SettlementSummaryRow } from '@gudang/api-client/contract';
import {
  Card,
  MutedText,
  Table,
  formatDate,
  formatInteger,
  sumMoney,
  theme,
  useMediaQuery,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import styled from 'styled-components';
import { percent, rupiah } from '../pembukuan/money';
import { feePercentOf, usedCategories } from './fee-breakdown';
import { FeePercentChart, WeeklyFeesChart } from './settlement-charts';
import { SETTLEMENT_TEXTS, channelStoreText } from './settlement-texts';
import { useGetSettlementSummaryQuery } from './settlements-api';
import type { SettlementFilters } from './use-settlement-filters';

/** A column of the summary: one channel and store, or the total of them all. */
export interface SummaryGroup {
  key: string;
  label: string;
  orders: number;
  price: number;
  fees: SettlementFees;
  fees_total: number;
  released: number;
  fee_percent: number;
}

/** The sum of summary rows, its fee % recomputed from the sums (not an average of percents). */
export function totalOf(
  rows: readonly Omit<SummaryGroup, 'key' | 'label'>[],
): Omit<SummaryGroup, 'key' | 'label'> {
  const sum = (pick: (row: Omit<SummaryGroup, 'key' | 'label'>) => number) =>
    sumMoney(rows.map(pick));
  const fees = Object.fromEntries(
    SETTLEMENT_FEE_CATEGORIES.map((category) => [category, sum((row) => row.fees[category])]),
  ) as SettlementFees;
  const price = sum((row) => row.price);
  const feesTotal = sum((row) => row.fees_total);
  return {
    orders: rows.reduce((count, row) => count + row.orders, 0),
    price,
    fees,
    fees_total: feesTotal,
    released: sum((row) => row.released),
    fee_percent: feePercentOf(feesTotal, price),
  };
}

/** The summary's columns: each channel and store, then their total when there are several. */
export function summaryGroups(rows: readonly SettlementSummaryRow[]): SummaryGroup[] {
  const groups = rows.map((row) => ({
    key: `${row.channel}-${row.store_id ?? 'none'}`,
    label: channelStoreText(row),
    orders: row.orders,
    price: row.price,
    fees: row.fees,
    fees_total: row.fees_total,
    released: row.released,
    fee_percent: row.fee_percent,
  }));
  if (groups.length < 2) return groups;
  return [...groups, { key: 'total', label: SETTLEMENT_TEXTS.total, ...totalOf(groups) }];
}

/** A line of the summary: a figure (orders, sales, a fee category...) across the groups. */
interface SummaryLine {
  key: string;
  label: string;
  value: (group: SummaryGroup) => string;
  strong?: boolean;
}

function summaryLines(groups: readonly SummaryGroup[]): SummaryLine[] {
  return [
    {
      key: 'orders',
      label: SETTLEMENT_TEXTS.orders,
      value: (group) => formatInteger(group.orders),
    },
    { key: 'price', label: SETTLEMENT_TEXTS.sales, value: (group) => rupiah(group.price) },
    ...usedCategories(groups).map((category) => ({
      key: category,
      label: SETTLEMENT_FEE_LABELS[category],
      value: (group: SummaryGroup) => rupiah(group.fees[category]),
    })),
    {
      key: 'fees_total',
      label: SETTLEMENT_TEXTS.feesTotal,
      value: (group) => rupiah(group.fees_total),
      strong: true,
    },
    {
      key: 'released',
      label: SETTLEMENT_TEXTS.released,
      value: (group) => rupiah(group.released),
      strong: true,
    },
    {
      key: 'fee_percent',
      label: SETTLEMENT_TEXTS.feePercent,
      value: (group) => percent(group.fee_percent),
      strong: true,
    },
  ];
}

const Figure = styled.span<{ $strong: boolean }>`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
  font-weight: ${({ $strong }) => ($strong ? 600 : 400)};
`;

const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: ${({ theme }) => theme.spacing.lg};
`;

/**
 * Ringkasan: per channel and store of the period, the orders, sales, each fee category with
 * money, the total fees, the money released and the fee %; the figures are the lines and the
 * stores the columns (a few stores, up to ten categories). Then the two charts.
 */
export function SettlementSummaryTab({ filters }: { filters: SettlementFilters }) {
  const query = useGetSettlementSummaryQuery(filters.valid ? filters.shared : skipToken);
  const weekly = useGetSettlementSummaryQuery(
    filters.valid ? { ...filters.shared, group: 'week' } : skipToken,
  );
  const narrow = useMediaQuery(theme.media.belowMd);
  const rows = filters.valid ? (query.currentData?.data ?? []) : [];
  const groups = summaryGroups(rows);
  const lines = groups.length === 0 ? [] : summaryLines(groups);
  // A phone: a card per channel and store, its figures as lines (the wide table's columns).
  const cardColumns: TableColumn<SummaryGroup>[] = [
    { key: 'label', header: SETTLEMENT_TEXTS.store, render: (group) => group.label },
    ...lines.map((line) => ({
      key: line.key,
      header: line.label,
      render: (group: SummaryGroup) => (
        <Figure $strong={line.strong === true}>{line.value(group)}</Figure>
      ),
    })),
  ];
  const columns: TableColumn<SummaryLine>[] = [
    { key: 'label', header: SETTLEMENT_TEXTS.item },
    ...groups.map((group) => ({
      key: group.key,
      header: group.label,
      align: 'right' as const,
      nowrap: true,
      render: (line: SummaryLine) => (
        <Figure $strong={line.strong === true || group.key === 'total'}>{line.value(group)}</Figure>
      ),
    })),
  ];
  const period = `${formatDate(filters.startDate)} - ${formatDate(filters.endDate)}`;
  const state = {
    loading: filters.valid && query.isFetching && query.currentData === undefined,
    failed: query.isError,
    onRetry: () => void query.refetch(),
    emptyText: SETTLEMENT_TEXTS.summaryEmpty,
  };

  return (
    <>
      <Card title={SETTLEMENT_TEXTS.summaryTitle}>
        <MutedText $below="md">{SETTLEMENT_TEXTS.summaryScope(period)}</MutedText>
        {narrow ? (
          <Table
            label={SETTLEMENT_TEXTS.summaryTable}
            columns={cardColumns}
            rows={groups}
            rowKey="key"
            layout="cards"
            {...state}
          />
        ) : (
          <Table
            label={SETTLEMENT_TEXTS.summaryTable}
            columns={columns}
            rows={lines}
            rowKey="key"
            {...state}
          />
        )}
      </Card>
      <Charts>
        <WeeklyFeesChart
          rows={filters.valid ? (weekly.currentData?.data ?? []) : []}
          failed={weekly.isError}
        />
        <FeePercentChart rows={rows} failed={query.isError} />
      </Charts>
    </>
  );
}
