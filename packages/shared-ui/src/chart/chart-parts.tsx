// The scaffolding of the hand-drawn charts (the dashboard's movements and best sellers,
// Penghasilan Marketplace's fees): a figure with its caption, a y axis of HTML labels beside an
// SVG that stretches sideways only, HTML bars, a legend, and the same figures as a table behind
// 'Lihat tabel' for screen readers and for reading them exactly. No charting library: a few bar
// charts do not need one, and nothing is added to any bundle.
import type { CSSProperties, ReactNode } from 'react';
import styled from 'styled-components';

/** The figure: its caption, the drawing, and 'Lihat tabel' below. */
export const ChartFigure = styled.figure<{ $nowrapCells?: boolean }>`
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
    ${({ $nowrapCells }) => ($nowrapCells ? 'white-space: nowrap;' : '')}
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
`;

/** The drawing's width in its own units: the SVG stretches sideways to the card. */
export const CHART_WIDTH = 600;
/** Room above the top tick, so that its label is not cut. */
export const CHART_PAD_TOP = 8;
const LABEL_LINE = 16;

const Plot = styled.div<{ $height: number }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing.xs};
  margin-bottom: ${LABEL_LINE / 2}px;
  svg {
    width: 100%;
    height: ${({ $height }) => $height}px;
    display: block;
  }
`;

// The tick labels, evenly spaced like the ticks: the first centred on the zero line, the last on
// the top line.
const Axis = styled.div<{ $height: number }>`
  display: flex;
  flex-direction: column-reverse;
  justify-content: space-between;
  height: ${({ $height }) => $height - CHART_PAD_TOP + LABEL_LINE}px;
  margin-top: ${CHART_PAD_TOP - LABEL_LINE / 2}px;
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

export interface ChartPlotProps {
  /** The drawing's height in CSS pixels (exact: the SVG stretches sideways only). */
  height: number;
  /** The y axis' values, from 0 up; the last is the top of the scale. */
  ticks: readonly number[];
  tickLabel: (tick: number) => string;
  /** The bars, in the SVG; `scale` turns a value into its height in the drawing. */
  children: (scale: (value: number) => number) => ReactNode;
  /** HTML over or under the drawing (a cut bar's number, the first and last dates). */
  overlay?: ReactNode;
}

/**
 * A bar chart's drawing, hidden from screen readers (the table says the same exactly): the tick
 * labels as HTML beside the SVG (a scaled SVG text shrank on a phone), a line per tick, and the
 * bars. A value above the top tick is drawn to the top.
 */
export function ChartPlot({ height, ticks, tickLabel, children, overlay }: ChartPlotProps) {
  const top = ticks[ticks.length - 1] ?? 1;
  const plot = height - CHART_PAD_TOP;
  const scale = (value: number) => (Math.min(value, top) / top) * plot;
  return (
    <Plot aria-hidden="true" $height={height}>
      <Axis $height={height}>
        {ticks.map((tick) => (
          <span key={tick}>{tickLabel(tick)}</span>
        ))}
      </Axis>
      <Area>
        <svg viewBox={`0 0 ${CHART_WIDTH} ${height}`} preserveAspectRatio="none">
          {ticks.map((tick) => {
            const y = height - scale(tick) - (tick === 0 ? 0.5 : 0);
            return (
              <line
                key={tick}
                x1={0}
                y1={y}
                x2={CHART_WIDTH}
                y2={y}
                stroke={tick === 0 ? '#cbd5e1' : '#e5e7eb'}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
          {children(scale)}
        </svg>
        {overlay}
      </Area>
    </Plot>
  );
}

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

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/** A swatch and name per series, under the drawing. */
export function ChartLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <Legend>
      {series.map(({ key, label, color }) => (
        <span key={key} style={{ '--swatch': color } as CSSProperties}>
          {label}
        </span>
      ))}
    </Legend>
  );
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
const BarFill = styled.span`
  flex: none;
  min-width: 2px;
  max-width: calc(100% - 4.5rem);
  height: 20px;
`;

const BarValue = styled.span`
  flex: none;
  font-variant-numeric: tabular-nums;
`;

/** A bar of ChartBars: its name, its length as a share of the longest (0 to 1), its number. */
export interface ChartBar {
  key: string;
  name: ReactNode;
  share: number;
  value: string;
}

/**
 * Horizontal bars as HTML, not a scaled SVG: the names keep the page's text size on a phone.
 * Hidden from screen readers, as the drawing: the table beside says the same.
 */
export function ChartBars({ bars, color }: { bars: readonly ChartBar[]; color: string }) {
  return (
    <Bars aria-hidden="true">
      {bars.map((bar) => (
        <li key={bar.key}>
          <BarName>{bar.name}</BarName>
          <BarTrack>
            <BarFill style={{ width: `${Math.max(bar.share, 0) * 100}%`, background: color }} />
            <BarValue>{bar.value}</BarValue>
          </BarTrack>
        </li>
      ))}
    </Bars>
  );
}

export interface ChartTableProps {
  /** The disclosure's text ('Lihat tabel'). */
  summary: string;
  /** The table's name: the chart's title. */
  label: string;
  headers: readonly ReactNode[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

/** The chart's figures exactly, as a table behind a disclosure under the drawing. */
export function ChartTable({ summary, label, headers, rows }: ChartTableProps) {
  return (
    <details>
      <summary>{summary}</summary>
      <table aria-label={label}>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
