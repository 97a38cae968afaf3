// The dashboard's charts: incoming and outgoing per day (per week for a year) and the
// 5 best sellers of the selected period. Hand-drawn on the UI kit's chart parts (no charting
// library: two bar charts do not need one, nothing is added to any bundle); the same numbers are
// also a table (each chart's 'Lihat tabel') for screen readers and for reading exact values.
import { useGetDailyMovementsQuery } from '@gudang/api-client';
import type { DailyPoint, DailyResponse, MostOutgoingProduct, Period } from '@gudang/api-client';
import {
  CHART_PAD_TOP,
  CHART_WIDTH,
  Card,
  ChartBars,
  ChartFigure,
  ChartLegend,
  ChartPlot,
  ChartTable,
  addDaysIso,
  axisTicks,
  formatDate,
  formatInteger,
  todayIso,
  useDeferredQuery,
} from '@gudang/shared-ui';
import type { ListQuery } from '@gudang/shared-ui';
import { memo } from 'react';
import styled from 'styled-components';

export const CHART_TEXTS = {
  daily: 'Barang Masuk dan Keluar per Hari',
  weekly: 'Barang Masuk dan Keluar per Minggu',
  bestSellers: '5 Barang Terlaris',
  table: 'Lihat tabel',
  incoming: 'Masuk',
  outgoing: 'Keluar',
  noSales: 'Belum ada barang keluar pada periode ini',
  loadFailed: 'Grafik tidak dapat dimuat',
  /** Said under the chart for the bars drawn cut at the top of the axis. */
  clipped: 'Di atas skala (batang terpotong)',
} as const;

export interface ChartRange {
  startDate: string;
  endDate: string;
  /** A year is drawn per week (Monday to Sunday), anything shorter per day. */
  weekly: boolean;
}

/** The chart's days for the dashboard's period; 'all' shows the last 30 days. */
export function chartRange(period: Period, today: string): ChartRange {
  const [year = '', month = ''] = today.split('-');
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  switch (period) {
    case 'today':
      return { startDate: today, endDate: today, weekly: false };
    case 'week':
      return { startDate: addDaysIso(today, -weekday), endDate: today, weekly: false };
    case 'month':
      return { startDate: `${year}-${month}-01`, endDate: today, weekly: false };
    case 'year':
      return { startDate: `${year}-01-01`, endDate: today, weekly: true };
    default:
      return { startDate: addDaysIso(today, -29), endDate: today, weekly: false };
  }
}

export interface ChartPoint {
  /** The day, or the Monday of the week. */
  date: string;
  incoming: number;
  outgoing: number;
}

/** Days summed per week, each week named by its Monday (the first week may start later). */
export function perWeek(days: readonly DailyPoint[]): ChartPoint[] {
  const weeks = new Map<string, ChartPoint>();
  for (const day of days) {
    const weekday = (new Date(`${day.date}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = addDaysIso(day.date, -weekday);
    const week = weeks.get(monday) ?? { date: monday, incoming: 0, outgoing: 0 };
    week.incoming += day.incoming;
    week.outgoing += day.outgoing;
    weeks.set(monday, week);
  }
  return [...weeks.values()];
}

/** A bar that stands this many times above the next one down is cut, not the whole scale. */
const OUTLIER_RATIO = 4;
/** At most this many bars are cut: a few large receipts, not a scale of their own. */
const MAX_CLIPPED = 3;
// The axis' rounded ticks are the UI kit's (Penghasilan Marketplace's chart takes them too).
export { axisTicks };

/**
 * The y axis of the bars: its ticks (the last is the top). One large receipt used to flatten
 * every other day (issue 42 c15): when the largest values (at most MAX_CLIPPED) stand more than
 * OUTLIER_RATIO times above the rest, the axis is made for the rest and those bars are drawn cut
 * at the top, with their number; the largest such gap is the one cut. 'Lihat tabel' stays exact.
 */
export function chartScale(values: readonly number[]): { ticks: number[]; top: number } {
  const sorted = values.filter((value) => value > 0).sort((a, b) => b - a);
  let reference = sorted[0] ?? 0;
  let widest = OUTLIER_RATIO;
  for (let cut = 1; cut <= Math.min(MAX_CLIPPED, sorted.length - 1); cut += 1) {
    const above = sorted[cut - 1] ?? 0;
    const below = sorted[cut] ?? 0;
    if (above > widest * below) {
      widest = above / below;
      reference = below;
    }
  }
  const ticks = axisTicks(reference);
  return { ticks, top: ticks[ticks.length - 1] ?? 1 };
}

const INCOMING_COLOR = '#16a34a';
const OUTGOING_COLOR = '#d97706';

const HEIGHT = 180;
const LABEL_LINE = 16;

// The number of a bar cut at the top of the axis, beside its top.
const CutValue = styled.span`
  position: absolute;
  top: 0;
  padding: 0 2px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: ${LABEL_LINE}px;
  font-weight: 600;
  white-space: nowrap;
  background: ${({ theme }) => theme.colors.surface};
`;

const CutNote = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type Series = 'incoming' | 'outgoing';
const SERIES: readonly { key: Series; color: string; label: string }[] = [
  { key: 'incoming', color: INCOMING_COLOR, label: CHART_TEXTS.incoming },
  { key: 'outgoing', color: OUTGOING_COLOR, label: CHART_TEXTS.outgoing },
];

/** The bars that stand above the axis, in date order. */
function cutBars(points: readonly ChartPoint[], top: number) {
  return points.flatMap((point, index) =>
    SERIES.filter(({ key }) => point[key] > top).map((series) => ({ point, index, series })),
  );
}

function MovementBars({ points }: { points: readonly ChartPoint[] }) {
  const { ticks, top } = chartScale(points.flatMap((point) => [point.incoming, point.outgoing]));
  const slot = CHART_WIDTH / Math.max(points.length, 1);
  const bar = Math.max(slot / 2 - 1, 0.5);
  const cut = cutBars(points, top);
  return (
    <>
      <ChartPlot
        height={HEIGHT}
        ticks={ticks}
        tickLabel={formatInteger}
        overlay={cut.map(({ point, index, series }) => {
          const left = index * slot + (series.key === 'incoming' ? 0 : bar);
          // Beside the bar, on the side with room: right of it in the left half, else left.
          const place =
            left + bar <= CHART_WIDTH / 2
              ? { left: `${((left + bar) / CHART_WIDTH) * 100}%` }
              : { right: `${(1 - left / CHART_WIDTH) * 100}%` };
          return (
            <CutValue key={`${point.date}-${series.key}`} style={place}>
              {formatInteger(point[series.key])}
            </CutValue>
          );
        })}
      >
        {(scale) => (
          <>
            {points.map((point, index) => (
              <g key={point.date}>
                {SERIES.map(({ key, color }, offset) => (
                  <rect
                    key={key}
                    x={index * slot + offset * bar}
                    y={HEIGHT - scale(point[key])}
                    width={bar}
                    height={scale(point[key])}
                    fill={color}
                  />
                ))}
              </g>
            ))}
            {/* A white gap across a cut bar: it goes on above the axis. */}
            {cut.map(({ point, index, series }) => (
              <rect
                key={`${point.date}-${series.key}`}
                x={index * slot + (series.key === 'incoming' ? 0 : bar)}
                y={CHART_PAD_TOP + 10}
                width={bar}
                height={3}
                fill="#ffffff"
              />
            ))}
          </>
        )}
      </ChartPlot>
      <ChartLegend series={SERIES} />
      {cut.length > 0 ? (
        <CutNote>
          {CHART_TEXTS.clipped}:{' '}
          {cut
            .map(
              ({ point, series }) =>
                `${series.label} ${formatDate(point.date)}: ${formatInteger(point[series.key])}`,
            )
            .join('; ')}
        </CutNote>
      ) : null}
    </>
  );
}

export function MovementChart({ period, today = todayIso() }: { period: Period; today?: string }) {
  const range = chartRange(period, today);
  const query = useDeferredQuery(
    useGetDailyMovementsQuery({ startDate: range.startDate, endDate: range.endDate }),
  );
  return <MovementFigure period={period} today={today} query={query} />;
}

interface MovementFigureProps {
  period: Period;
  today: string;
  query: ListQuery<DailyResponse>;
}

const MovementFigure = memo(function MovementFigure({ period, today, query }: MovementFigureProps) {
  const range = chartRange(period, today);
  const { currentData, isError } = query;
  const title = range.weekly ? CHART_TEXTS.weekly : CHART_TEXTS.daily;
  const points = currentData === undefined ? [] : range.weekly ? perWeek(currentData) : currentData;
  return (
    <Card>
      <ChartFigure aria-label={title}>
        <figcaption>
          {title}: {formatDate(range.startDate)} – {formatDate(range.endDate)}
        </figcaption>
        {isError ? <p role="alert">{CHART_TEXTS.loadFailed}</p> : null}
        <MovementBars points={points} />
        <ChartTable
          summary={CHART_TEXTS.table}
          label={title}
          headers={[
            range.weekly ? 'Minggu mulai' : 'Tanggal',
            CHART_TEXTS.incoming,
            CHART_TEXTS.outgoing,
          ]}
          rows={points.map((point) => ({
            key: point.date,
            cells: [
              formatDate(point.date),
              formatInteger(point.incoming),
              formatInteger(point.outgoing),
            ],
          }))}
        />
      </ChartFigure>
    </Card>
  );
});

/** The period's 5 best sellers (the stats' most outgoing products) as bars and a table. */
export function BestSellersChart({ products }: { products: readonly MostOutgoingProduct[] }) {
  const top = products.slice(0, 5);
  const most = Math.max(1, ...top.map((product) => product.total_out));
  return (
    <Card>
      <ChartFigure aria-label={CHART_TEXTS.bestSellers}>
        <figcaption>{CHART_TEXTS.bestSellers}</figcaption>
        {top.length === 0 ? <p>{CHART_TEXTS.noSales}</p> : null}
        <ChartBars
          color={OUTGOING_COLOR}
          bars={top.map((product) => ({
            key: product.code,
            name: product.name,
            share: product.total_out / most,
            value: formatInteger(product.total_out),
          }))}
        />
        <ChartTable
          summary={CHART_TEXTS.table}
          label={CHART_TEXTS.bestSellers}
          headers={['Nama Barang', CHART_TEXTS.outgoing]}
          rows={top.map((product) => ({
            key: product.code,
            cells: [`${product.name} (${product.code})`, formatInteger(product.total_out)],
          }))}
        />
      </ChartFigure>
    </Card>
  );
}
