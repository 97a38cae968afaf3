// The dashboard's charts: incoming and outgoing per day (per week for a year) and the
// 5 best sellers of the selected period. Hand-drawn SVG, no charting library: two bar charts do
// not need one, nothing is added to any bundle, and the same numbers are also a table (each
// chart's 'Lihat tabel') for screen readers and for reading exact values.
import { useGetDailyMovementsQuery } from '@gudang/api-client';
import type { DailyPoint, MostOutgoingProduct, Period } from '@gudang/api-client';
import { Card, addDaysIso, formatDate, formatInteger, todayIso } from '@gudang/shared-ui';
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

const Figure = styled.figure`
  margin: 0;
  figcaption {
    font-weight: 700;
    margin-bottom: ${({ theme }) => theme.spacing.sm};
  }
  svg {
    width: 100%;
    height: 180px;
    display: block;
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

function MovementBars({ points }: { points: readonly ChartPoint[] }) {
  const width = 600;
  const height = 180;
  const top = Math.max(1, ...points.flatMap((point) => [point.incoming, point.outgoing]));
  const slot = width / Math.max(points.length, 1);
  const bar = Math.max(slot / 2 - 1, 0.5);
  const scale = (value: number) => (value / top) * (height - 10);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
      <line x1={0} y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#cbd5e1" />
      {points.map((point, index) => (
        <g key={point.date}>
          <rect
            x={index * slot}
            y={height - scale(point.incoming)}
            width={bar}
            height={scale(point.incoming)}
            fill={INCOMING_COLOR}
          />
          <rect
            x={index * slot + bar}
            y={height - scale(point.outgoing)}
            width={bar}
            height={scale(point.outgoing)}
            fill={OUTGOING_COLOR}
          />
        </g>
      ))}
    </svg>
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
        <Legend>
          <span style={{ ['--swatch' as string]: INCOMING_COLOR }}>{CHART_TEXTS.incoming}</span>
          <span style={{ ['--swatch' as string]: OUTGOING_COLOR }}>{CHART_TEXTS.outgoing}</span>
        </Legend>
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
