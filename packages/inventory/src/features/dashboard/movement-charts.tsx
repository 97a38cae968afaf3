// The dashboard's charts: incoming and outgoing per day (per week for a year) and the
// 5 best sellers of the selected period. Hand-drawn SVG, no charting library: two bar charts do
// not need one, nothing is added to any bundle, and the same numbers are also a table (each
// chart's 'Lihat tabel') for screen readers and for reading exact values.
import { useGetDailyMovementsQuery } from '@gudang/api-client';
import type { DailyPoint, MostOutgoingProduct, Period } from '@gudang/api-client';
import {
  Card,
  addDaysIso,
  axisTicks,
  formatDate,
  formatInteger,
  todayIso,
} from '@gudang/shared-ui';
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

const Figure = styled.figure`
  margin: 0;
  figcaption {
    font-weight: 700;
    margin-bottom: ${({ theme }) => theme.spacing.sm};
  }
  details {
    margin-top: ${({ theme }) => theme.spacing.sm};
    max-height: 320px;
    overflow: auto;
  }
  table {
    border-collapse: collapse;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  th,
  td {
    padding: 2px ${({ theme }) => theme.spacing.sm};
    text-align: right;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
`;

const Legend = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span::before {
    content: '';
    display: inline-block;
    width: 10px;
    height: 10px;
    margin: 0 4px 0 12px;
    background: var(--swatch);
  }
`;

const INCOMING_COLOR = '#16a34a';
const OUTGOING_COLOR = '#d97706';

// The drawing in CSS pixels: the SVG stretches sideways only, so heights are exact and the axis
// labels, HTML beside it, keep the page's text size (a scaled SVG text shrank on a phone, c2).
const WIDTH = 600;
const HEIGHT = 180;
/** Room above the top tick, so that its label is not cut. */
const PAD_TOP = 8;
const PLOT = HEIGHT - PAD_TOP;
const LABEL_LINE = 16;

const Plot = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing.xs};
  margin-bottom: ${LABEL_LINE / 2}px;
  svg {
    width: 100%;
    height: ${HEIGHT}px;
    display: block;
  }
`;

// The tick labels, evenly spaced like the ticks: the first centred on the top line, the last on
// the zero line.
const Axis = styled.div`
  display: flex;
  flex-direction: column-reverse;
  justify-content: space-between;
  height: ${PLOT + LABEL_LINE}px;
  margin-top: ${PAD_TOP - LABEL_LINE / 2}px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: ${LABEL_LINE}px;
  text-align: right;
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Area = styled.div`
  position: relative;
`;

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
  const slot = WIDTH / Math.max(points.length, 1);
  const bar = Math.max(slot / 2 - 1, 0.5);
  const scale = (value: number) => (Math.min(value, top) / top) * PLOT;
  const cut = cutBars(points, top);
  return (
    <>
      <Plot aria-hidden="true">
        <Axis>
          {ticks.map((tick) => (
            <span key={tick}>{formatInteger(tick)}</span>
          ))}
        </Axis>
        <Area>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none">
            {ticks.map((tick) => {
              const y = HEIGHT - scale(tick) - (tick === 0 ? 0.5 : 0);
              return (
                <line
                  key={tick}
                  x1={0}
                  y1={y}
                  x2={WIDTH}
                  y2={y}
                  stroke={tick === 0 ? '#cbd5e1' : '#e5e7eb'}
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
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
                y={PAD_TOP + 10}
                width={bar}
                height={3}
                fill="#ffffff"
              />
            ))}
          </svg>
          {cut.map(({ point, index, series }) => {
            const left = index * slot + (series.key === 'incoming' ? 0 : bar);
            // Beside the bar, on the side with room: right of it in the left half, else left.
            const place =
              left + bar <= WIDTH / 2
                ? { left: `${((left + bar) / WIDTH) * 100}%` }
                : { right: `${(1 - left / WIDTH) * 100}%` };
            return (
              <CutValue key={`${point.date}-${series.key}`} style={place}>
                {formatInteger(point[series.key])}
              </CutValue>
            );
          })}
        </Area>
      </Plot>
      <Legend>
        {SERIES.map(({ key, color, label }) => (
          <span key={key} style={{ ['--swatch' as string]: color }}>
            {label}
          </span>
        ))}
      </Legend>
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
  const { currentData, isError } = useGetDailyMovementsQuery({
    startDate: range.startDate,
    endDate: range.endDate,
  });
  const title = range.weekly ? CHART_TEXTS.weekly : CHART_TEXTS.daily;
  const points = currentData === undefined ? [] : range.weekly ? perWeek(currentData) : currentData;
  return (
    <Card>
      <Figure aria-label={title}>
        <figcaption>
          {title}: {formatDate(range.startDate)} – {formatDate(range.endDate)}
        </figcaption>
        {isError ? <p role="alert">{CHART_TEXTS.loadFailed}</p> : null}
        <MovementBars points={points} />
        <details>
          <summary>{CHART_TEXTS.table}</summary>
          <table aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{range.weekly ? 'Minggu mulai' : 'Tanggal'}</th>
                <th scope="col">{CHART_TEXTS.incoming}</th>
                <th scope="col">{CHART_TEXTS.outgoing}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.date}>
                  <td>{formatDate(point.date)}</td>
                  <td>{formatInteger(point.incoming)}</td>
                  <td>{formatInteger(point.outgoing)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </Figure>
    </Card>
  );
}

const Bars = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li {
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    align-items: center;
    gap: ${({ theme }) => theme.spacing.sm};
  }
`;

const BarName = styled.span`
  overflow-wrap: anywhere;
`;

const BarTrack = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

// The number keeps its room beside the longest bar.
const BarCount = styled.span`
  flex: none;
`;

const BarFill = styled.span`
  flex: none;
  min-width: 2px;
  max-width: calc(100% - 4rem);
  height: 20px;
  background: ${OUTGOING_COLOR};
`;

/** The period's 5 best sellers (the stats' most outgoing products) as bars and a table. */
export function BestSellersChart({ products }: { products: readonly MostOutgoingProduct[] }) {
  const top = products.slice(0, 5);
  const most = Math.max(1, ...top.map((product) => product.total_out));
  return (
    <Card>
      <Figure aria-label={CHART_TEXTS.bestSellers}>
        <figcaption>{CHART_TEXTS.bestSellers}</figcaption>
        {top.length === 0 ? <p>{CHART_TEXTS.noSales}</p> : null}
        {/* HTML bars, not a scaled SVG: the names keep the page's text size on a phone. */}
        <Bars aria-hidden="true">
          {top.map((product) => (
            <li key={product.code}>
              <BarName>{product.name}</BarName>
              <BarTrack>
                <BarFill style={{ width: `${(product.total_out / most) * 100}%` }} />
                <BarCount>{formatInteger(product.total_out)}</BarCount>
              </BarTrack>
            </li>
          ))}
        </Bars>
        <details>
          <summary>{CHART_TEXTS.table}</summary>
          <table aria-label={CHART_TEXTS.bestSellers}>
            <thead>
              <tr>
                <th scope="col">Nama Barang</th>
                <th scope="col">{CHART_TEXTS.outgoing}</th>
              </tr>
            </thead>
            <tbody>
              {top.map((product) => (
                <tr key={product.code}>
                  <td>
                    {product.name} ({product.code})
                  </td>
                  <td>{formatInteger(product.total_out)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </Figure>
    </Card>
  );
}
