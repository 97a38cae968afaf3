// The page's two charts: the fees per category per week, and the fee % per channel. Hand-drawn
// SVG and HTML bars as the dashboard's charts (no charting library); each also a table ('Lihat
// tabel') with the exact figures, for screen readers and for reading them.
import type {
  SettlementChannel,
  SettlementFeeCategory,
  SettlementSummaryRow,
} from '@gudang/api-client/contract';
import { Card, axisTicks, formatDate, sumMoney } from '@gudang/shared-ui';
import styled from 'styled-components';
import { percent, rupiah } from '../pembukuan/money';
import { feePercentOf } from './fee-breakdown';
import {
  CHANNEL_LABELS,
  FEE_CATEGORIES,
  FEE_LABELS,
  SETTLEMENT_CHANNELS,
} from './settlement-texts';

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
        FEE_CATEGORIES.map((category) => [category, sumMoney(of.map((row) => row.fees[category]))]),
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
    white-space: nowrap;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Legend = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  span::before {
    content: '';
    display: inline-block;
    width: 10px;
    height: 10px;
    margin-right: 4px;
    background: var(--swatch);
  }
`;

// In CSS pixels: the SVG stretches sideways only, the axis labels are HTML beside it (they keep
// the page's text size on a phone).
const WIDTH = 600;
const HEIGHT = 160;
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

const Weeks = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Stacked bars: a week per bar, a category per colour, the money taken from the seller. */
export function WeeklyFeesChart({
  rows,
  failed = false,
}: {
  rows: readonly SettlementSummaryRow[];
  failed?: boolean;
}) {
  const points = weekPoints(rows);
  const drawn = FEE_CATEGORIES.filter((category) =>
    points.some((point) => taken(point.fees[category]) > 0),
  );
  const shown = FEE_CATEGORIES.filter((category) =>
    points.some((point) => point.fees[category] !== 0),
  );
  const positive = points.some((point) => shown.some((category) => point.fees[category] > 0));
  const ticks = axisTicks(
    Math.max(0, ...points.map((point) => sumMoney(drawn.map((c) => taken(point.fees[c]))))),
    AXIS_STEPS,
  );
  const top = ticks[ticks.length - 1] ?? 1;
  const slot = WIDTH / Math.max(points.length, 1);
  const bar = Math.max(Math.min(slot * 0.7, 60), 1);
  const scale = (value: number) => (value / top) * PLOT;
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <Card>
      <Figure aria-label={CHART_TEXTS.weekly}>
        <figcaption>{CHART_TEXTS.weekly}</figcaption>
        {failed ? <p role="alert">{CHART_TEXTS.loadFailed}</p> : null}
        {!failed && points.length === 0 ? <p>{CHART_TEXTS.empty}</p> : null}
        {points.length > 0 ? (
          <>
            <Plot aria-hidden="true">
              <Axis>
                {ticks.map((tick) => (
                  <span key={tick}>{shortRupiah(tick)}</span>
                ))}
              </Axis>
              <div>
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
                  {points.map((point, index) => {
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
                  })}
                </svg>
                {first && last ? (
                  <Weeks>
                    <span>{formatDate(first.week)}</span>
                    {last !== first ? <span>{formatDate(last.week)}</span> : null}
                  </Weeks>
                ) : null}
              </div>
            </Plot>
            <Legend>
              {drawn.map((category) => (
                <span key={category} style={{ ['--swatch' as string]: CATEGORY_COLORS[category] }}>
                  {FEE_LABELS[category]}
                </span>
              ))}
            </Legend>
            {positive ? <Note>{CHART_TEXTS.positiveNote}</Note> : null}
          </>
        ) : null}
        <details>
          <summary>{CHART_TEXTS.table}</summary>
          <table aria-label={CHART_TEXTS.weekly}>
            <thead>
              <tr>
                <th scope="col">{CHART_TEXTS.week}</th>
                {shown.map((category) => (
                  <th key={category} scope="col">
                    {FEE_LABELS[category]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.week}>
                  <td>{formatDate(point.week)}</td>
                  {shown.map((category) => (
                    <td key={category}>{rupiah(point.fees[category])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </Figure>
    </Card>
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

const Bars = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
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

const BarTrack = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const BarFill = styled.span`
  flex: none;
  min-width: 2px;
  max-width: calc(100% - 4.5rem);
  height: 20px;
  background: ${CATEGORY_COLORS.komisi};
`;

const BarValue = styled.span`
  flex: none;
  font-variant-numeric: tabular-nums;
`;

/** Each channel's fees as a share of its sales, as HTML bars (names keep their size on a phone). */
export function FeePercentChart({
  rows,
  failed = false,
}: {
  rows: readonly SettlementSummaryRow[];
  failed?: boolean;
}) {
  const channels = channelPercents(rows);
  const most = Math.max(1, ...channels.map((channel) => channel.percent));
  return (
    <Card>
      <Figure aria-label={CHART_TEXTS.perChannel}>
        <figcaption>{CHART_TEXTS.perChannel}</figcaption>
        {failed ? <p role="alert">{CHART_TEXTS.loadFailed}</p> : null}
        {!failed && channels.length === 0 ? <p>{CHART_TEXTS.empty}</p> : null}
        <Bars aria-hidden="true">
          {channels.map((channel) => (
            <li key={channel.channel}>
              <span>{CHANNEL_LABELS[channel.channel]}</span>
              <BarTrack>
                <BarFill style={{ width: `${(Math.max(channel.percent, 0) / most) * 100}%` }} />
                <BarValue>{percent(channel.percent)}</BarValue>
              </BarTrack>
            </li>
          ))}
        </Bars>
        <details>
          <summary>{CHART_TEXTS.table}</summary>
          <table aria-label={CHART_TEXTS.perChannel}>
            <thead>
              <tr>
                <th scope="col">{CHART_TEXTS.channel}</th>
                <th scope="col">{CHART_TEXTS.sales}</th>
                <th scope="col">{CHART_TEXTS.fees}</th>
                <th scope="col">{CHART_TEXTS.feePercent}</th>
              </tr>
            </thead>
            <tbody>
              {channels.map((channel) => (
                <tr key={channel.channel}>
                  <td>{CHANNEL_LABELS[channel.channel]}</td>
                  <td>{rupiah(channel.price)}</td>
                  <td>{rupiah(channel.fees)}</td>
                  <td>{percent(channel.percent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </Figure>
    </Card>
  );
}
