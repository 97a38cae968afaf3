import {
  SETTLEMENT_FEE_CATEGORIES,
  SETTLEMENT_FEE_LABELS,
  SETTLEMENT_CHANNELS,
} from '@gudang/api-client';
// The page's two charts: the fees per category per week, and the fee % per channel, on the UI
// kit's chart parts as the dashboard's charts (no charting library); each also a table ('Lihat
// tabel') with the exact figures, for screen readers and for reading them.
import type {
  SettlementChannel,
  SettlementFeeCategory,
  SettlementSummaryRow,
} from '@gudang/api-client/contract';
import {
  CHART_WIDTH,
  Card,
  ChartBars,
  ChartFigure,
  ChartLegend,
  ChartPlot,
  ChartTable,
  axisTicks,
  formatDate,
  sumMoney,
} from '@gudang/shared-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { percent, rupiah } from '../pembukuan/money';
import { feePercentOf } from './fee-breakdown';
import { CHANNEL_LABELS } from './settlement-texts';

export const CHART_TEXTS = {
  weekly: 'Biaya per Kategori per Minggu',
  perChannel: 'Biaya (%) per Channel',
  table: 'Lihat tabel',
  week: 'Minggu mulai',
  channel: 'Channel',
  sales: 'Penjualan',
  fees: 'Total Biaya',
  feePercent: 'Biaya (%)',
  empty: 'Belum ada penghasilan marketplace pada periode ini',
  loadFailed: 'Grafik tidak dapat dimuat',
  /** Categories whose week is money to the seller (a subsidy, a refund of a fee) are not drawn. */
  positiveNote: 'Nilai positif (uang masuk ke penjual) tidak digambar; lihat tabel.',
} as const;

/** A colour per category, told apart on white (and in the legend). */
const CATEGORY_COLORS: Record<SettlementFeeCategory, string> = {
  komisi: '#2563eb',
  layanan: '#d97706',
  proses: '#7c3aed',
  pembayaran: '#0891b2',
  ongkir: '#16a34a',
  afiliasi: '#db2777',
  pajak: '#4b5563',
  pengembalian: '#dc2626',
  penyesuaian: '#a16207',
  lain: '#9ca3af',
};

export interface WeekPoint {
  /** The week's Monday. */
  week: string;
  fees: Record<SettlementFeeCategory, number>;
}

/** The weekly summary summed over channels and stores: one point per week, oldest first. */
export function weekPoints(rows: readonly SettlementSummaryRow[]): WeekPoint[] {
  const weeks = new Map<string, SettlementSummaryRow[]>();
  for (const row of rows) {
    if (row.week === undefined) continue;
    weeks.set(row.week, [...(weeks.get(row.week) ?? []), row]);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, of]) => ({
      week,
      fees: Object.fromEntries(
        SETTLEMENT_FEE_CATEGORIES.map((category) => [
          category,
          sumMoney(of.map((row) => row.fees[category])),
        ]),
      ) as Record<SettlementFeeCategory, number>,
    }));
}

/** What a bar draws of a category: the money taken from the seller (a positive amount). */
const taken = (amount: number) => Math.max(0, -amount);

/** At most this many steps on the y axis (five labels in the chart's 160 px). */
const AXIS_STEPS = 4;

/** An axis label: '250 rb', '1,5 jt' (ribu, juta), so that it stays narrow. */
export function shortRupiah(value: number): string {
  const format = (amount: number) => amount.toLocaleString('id-ID', { maximumFractionDigits: 1 });
  if (value >= 1_000_000_000) return `${format(value / 1_000_000_000)} M`;
  if (value >= 1_000_000) return `${format(value / 1_000_000)} jt`;
  if (value >= 1_000) return `${format(value / 1_000)} rb`;
  return format(value);
}

const Note = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const HEIGHT = 160;

const Weeks = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface SettlementChartProps {
  rows: readonly SettlementSummaryRow[];
  /** The summary could not be loaded. */
  failed?: boolean;
}

/** A chart's card: its caption, and why it is empty when the summary failed or has nothing. */
function ChartCard({
  title,
  failed,
  empty,
  children,
}: {
  title: string;
  failed: boolean;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <ChartFigure aria-label={title} $nowrapCells>
        <figcaption>{title}</figcaption>
        {failed ? <p role="alert">{CHART_TEXTS.loadFailed}</p> : null}
        {!failed && empty ? <p>{CHART_TEXTS.empty}</p> : null}
        {children}
      </ChartFigure>
    </Card>
  );
}

/** Stacked bars: a week per bar, a category per colour, the money taken from the seller. */
export function WeeklyFeesChart({ rows, failed = false }: SettlementChartProps) {
  const points = weekPoints(rows);
  const drawn = SETTLEMENT_FEE_CATEGORIES.filter((category) =>
    points.some((point) => taken(point.fees[category]) > 0),
  );
  const shown = SETTLEMENT_FEE_CATEGORIES.filter((category) =>
    points.some((point) => point.fees[category] !== 0),
  );
  const positive = points.some((point) => shown.some((category) => point.fees[category] > 0));
  const ticks = axisTicks(
    Math.max(0, ...points.map((point) => sumMoney(drawn.map((c) => taken(point.fees[c]))))),
    AXIS_STEPS,
  );
  const slot = CHART_WIDTH / Math.max(points.length, 1);
  const bar = Math.max(Math.min(slot * 0.7, 60), 1);
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <ChartCard title={CHART_TEXTS.weekly} failed={failed} empty={points.length === 0}>
      {points.length > 0 ? (
        <>
          <ChartPlot
            height={HEIGHT}
            ticks={ticks}
            tickLabel={shortRupiah}
            overlay={
              first && last ? (
                <Weeks>
                  <span>{formatDate(first.week)}</span>
                  {last !== first ? <span>{formatDate(last.week)}</span> : null}
                </Weeks>
              ) : null
            }
          >
            {(scale) =>
              points.map((point, index) => {
                let base = HEIGHT;
                return (
                  <g key={point.week} data-week={point.week}>
                    {drawn.map((category) => {
                      const height = scale(taken(point.fees[category]));
                      base -= height;
                      return (
                        <rect
                          key={category}
                          x={index * slot + (slot - bar) / 2}
                          y={base}
                          width={bar}
                          height={height}
                          fill={CATEGORY_COLORS[category]}
                        />
                      );
                    })}
                  </g>
                );
              })
            }
          </ChartPlot>
          <ChartLegend
            series={drawn.map((category) => ({
              key: category,
              label: SETTLEMENT_FEE_LABELS[category],
              color: CATEGORY_COLORS[category],
            }))}
          />
          {positive ? <Note>{CHART_TEXTS.positiveNote}</Note> : null}
        </>
      ) : null}
      <ChartTable
        summary={CHART_TEXTS.table}
        label={CHART_TEXTS.weekly}
        headers={[CHART_TEXTS.week, ...shown.map((category) => SETTLEMENT_FEE_LABELS[category])]}
        rows={points.map((point) => ({
          key: point.week,
          cells: [formatDate(point.week), ...shown.map((category) => rupiah(point.fees[category]))],
        }))}
      />
    </ChartCard>
  );
}

export interface ChannelPercent {
  channel: SettlementChannel;
  price: number;
  fees: number;
  percent: number;
}

/** The summary's stores summed per channel, the fee % from the sums; channels with sales only. */
export function channelPercents(rows: readonly SettlementSummaryRow[]): ChannelPercent[] {
  return SETTLEMENT_CHANNELS.flatMap((channel) => {
    const of = rows.filter((row) => row.channel === channel);
    if (of.length === 0) return [];
    const price = sumMoney(of.map((row) => row.price));
    const fees = sumMoney(of.map((row) => row.fees_total));
    return [{ channel, price, fees, percent: feePercentOf(fees, price) }];
  });
}

/** Each channel's fees as a share of its sales, as HTML bars (names keep their size on a phone). */
export function FeePercentChart({ rows, failed = false }: SettlementChartProps) {
  const channels = channelPercents(rows);
  const most = Math.max(1, ...channels.map((channel) => channel.percent));
  return (
    <ChartCard title={CHART_TEXTS.perChannel} failed={failed} empty={channels.length === 0}>
      {channels.length > 0 ? (
        <ChartBars
          color={CATEGORY_COLORS.komisi}
          bars={channels.map((channel) => ({
            key: channel.channel,
            name: CHANNEL_LABELS[channel.channel],
            share: channel.percent / most,
            value: percent(channel.percent),
          }))}
        />
      ) : null}
      <ChartTable
        summary={CHART_TEXTS.table}
        label={CHART_TEXTS.perChannel}
        headers={[CHART_TEXTS.channel, CHART_TEXTS.sales, CHART_TEXTS.fees, CHART_TEXTS.feePercent]}
        rows={channels.map((channel) => ({
          key: channel.channel,
          cells: [
            CHANNEL_LABELS[channel.channel],
            rupiah(channel.price),
            rupiah(channel.fees),
            percent(channel.percent),
          ],
        }))}
      />
    </ChartCard>
  );
}
