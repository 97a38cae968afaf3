import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import {
  CHART_PAD_TOP,
  ChartBars,
  ChartFigure,
  ChartLegend,
  ChartPlot,
  ChartTable,
} from './chart-parts';

describe('ChartPlot', () => {
  it('labels the ticks beside the drawing, a line each, and scales the bars to the top tick', () => {
    const heights: number[] = [];
    const { container } = renderWithProviders(
      <ChartPlot
        height={108}
        ticks={[0, 50, 100]}
        tickLabel={(tick) => `${tick} rb`}
        overlay={<span>9.999</span>}
      >
        {(scale) =>
          [25, 100, 400].map((value) => {
            heights.push(scale(value));
            return <rect key={value} height={scale(value)} />;
          })
        }
      </ChartPlot>,
    );
    const drawing = container.querySelector<HTMLElement>('[aria-hidden="true"]');
    if (!drawing) throw new Error('no drawing');
    const axis = within(drawing).getByText('0 rb').parentElement as HTMLElement;
    expect([...axis.children].map((label) => label.textContent)).toEqual([
      '0 rb',
      '50 rb',
      '100 rb',
    ]);
    expect(drawing.querySelectorAll('line')).toHaveLength(3);
    // 100 px drawn below the room kept above the top tick; a value above the top is cut there.
    const plot = 108 - CHART_PAD_TOP;
    expect(heights).toEqual([plot / 4, plot, plot]);
    expect(within(drawing).getByText('9.999')).toBeInTheDocument();
  });
});

describe('ChartBars, ChartLegend and ChartTable', () => {
  it('draws a bar per item as a share of the longest, and says the figures in a table', async () => {
    const { user } = renderWithProviders(
      <ChartFigure aria-label="Biaya (%) per Channel">
        <figcaption>Biaya (%) per Channel</figcaption>
        <ChartBars
          color="#2563eb"
          bars={[
            { key: 'shopee', name: 'Shopee', share: 1, value: '22,41%' },
            { key: 'tiktok', name: 'TikTok Shop', share: 0.5, value: '11,2%' },
            { key: 'lazada', name: 'Lazada', share: -0.1, value: '-1%' },
          ]}
        />
        <ChartLegend series={[{ key: 'komisi', label: 'Komisi', color: '#2563eb' }]} />
        <ChartTable
          summary="Lihat tabel"
          label="Biaya (%) per Channel"
          headers={['Channel', 'Biaya (%)']}
          rows={[
            { key: 'shopee', cells: ['Shopee', '22,41%'] },
            { key: 'tiktok', cells: ['TikTok Shop', '11,2%'] },
          ]}
        />
      </ChartFigure>,
    );
    const figure = screen.getByRole('figure', { name: 'Biaya (%) per Channel' });
    const bars = within(figure).getAllByRole('listitem', { hidden: true });
    expect(bars.map((bar) => bar.textContent)).toEqual([
      'Shopee22,41%',
      'TikTok Shop11,2%',
      'Lazada-1%',
    ]);
    const widths = bars.map(
      (bar) => (bar.querySelector('span span') as HTMLElement | null)?.style.width,
    );
    expect(widths).toEqual(['100%', '50%', '0%']);
    expect(within(figure).getByText('Komisi').style.getPropertyValue('--swatch')).toBe('#2563eb');

    await user.click(within(figure).getByText('Lihat tabel'));
    const table = within(figure).getByRole('table', { name: 'Biaya (%) per Channel' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ChannelBiaya (%)', 'Shopee22,41%', 'TikTok Shop11,2%']);
    expect(within(table).getAllByRole('columnheader')[0]).toHaveAttribute('scope', 'col');
  });
});
