// The daily chart's y axis and its scale (issue 42 c15): rounded id-ID tick values, and one large
// receipt cut at the top instead of flattening every other day. The table stays exact.
import { makeStore } from '@gudang/api-client';
import type { DailyPoint } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MovementChart, axisTicks, chartScale } from './movement-charts';

let days: DailyPoint[] = [];

const server = setupServer(http.get('*/api/dashboard/daily', () => HttpResponse.json(days)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  days = [];
});
afterAll(() => server.close());

const TITLE = 'Barang Masuk dan Keluar per Hari';

async function renderChart(points: DailyPoint[]) {
  days = points;
  const store = makeStore({
    auth: {
      user: { id: 1, email: 'admin@gudang.test', name: 'admin', role: 'admin' },
      status: 'signedIn',
    },
  });
  renderWithProviders(<MovementChart period="month" today="2026-11-24" />, { store });
  const table = screen.getByRole('table', { name: TITLE, hidden: true });
  await waitFor(() =>
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(points.length + 1),
  );
  const figure = screen.getByRole('figure', { name: TITLE });
  // The drawing (axis, bars) is hidden from screen readers: the table says the same exactly.
  const drawing = figure.querySelector<HTMLElement>('[aria-hidden="true"]');
  if (!drawing) throw new Error('no drawing');
  const axis = within(drawing).getByText('0').parentElement as HTMLElement;
  const heights = (color: string) =>
    [...drawing.querySelectorAll(`rect[fill="${color}"]`)].map((bar) =>
      Number(bar.getAttribute('height')),
    );
  return {
    figure,
    table,
    drawing,
    ticks: [...axis.children].map((label) => label.textContent),
    incoming: heights('#16a34a'),
    outgoing: heights('#d97706'),
  };
}

describe('axisTicks', () => {
  it('rounds to steps of 1, 2 or 5 times a power of ten, whole units', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(180)).toEqual([0, 50, 100, 150, 200]);
    expect(axisTicks(500)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000]);
  });
});

describe('chartScale', () => {
  it('makes the axis for the rest when one value stands far above it', () => {
    expect(chartScale([0, 12, 40, 5000, 30]).top).toBe(40);
    // Two receipts the same month: both cut, the daily sales keep the height.
    expect(chartScale([500, 20, 450, 15]).top).toBe(20);
  });

  it('keeps every value on the axis when none stands out, or too many do', () => {
    expect(chartScale([40, 30, 12]).top).toBe(40);
    expect(chartScale([500]).top).toBe(500);
    expect(chartScale([500, 500, 500, 500, 20]).top).toBe(500);
    expect(chartScale([]).ticks).toEqual([0, 1]);
  });
});

describe('MovementChart', () => {
  it('has a y axis of rounded id-ID values and a large receipt does not flatten the other days', async () => {
    const { drawing, table, ticks, incoming, outgoing, figure } = await renderChart([
      { date: '2026-11-20', incoming: 0, outgoing: 1200 },
      { date: '2026-11-21', incoming: 50000, outgoing: 2500 },
      { date: '2026-11-22', incoming: 0, outgoing: 3000 },
    ]);
    expect(ticks).toEqual(['0', '1.000', '2.000', '3.000']);
    // The busiest day of sales fills the height; the others keep their proportion to it.
    expect(outgoing).toEqual([68.8, 143.33333333333334, 172]);
    // The receipt is drawn to the top, cut, with its number beside it and under the chart.
    expect(incoming[1]).toBe(172);
    expect(within(drawing).getByText('50.000')).toBeInTheDocument();
    expect(
      within(figure).getByText('Di atas skala (batang terpotong): Masuk 21/11/2026: 50.000'),
    ).toBeVisible();
    // 'Lihat tabel' stays exact.
    expect(within(table).getAllByRole('row', { hidden: true })[2]).toHaveTextContent(
      '21/11/202650.0002.500',
    );
  });

  it('draws every bar to scale, uncut, when no day stands out', async () => {
    const { ticks, incoming, outgoing, figure } = await renderChart([
      { date: '2026-11-23', incoming: 7, outgoing: 3 },
      { date: '2026-11-24', incoming: 0, outgoing: 6 },
    ]);
    expect(ticks).toEqual(['0', '2', '4', '6', '8']);
    expect(incoming).toEqual([150.5, 0]);
    expect(outgoing).toEqual([64.5, 129]);
    expect(within(figure).queryByText(/Di atas skala/)).toBeNull();
  });
});
