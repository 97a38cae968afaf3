import { screen } from '@testing-library/react';
import { dateWindow } from '../date-window';
import type { ChannelFilters } from '../hooks/use-channel-filters';
import { renderWithProviders } from '../testing';
import { BoundedDateFields, ChannelFilterFields } from './channel-filter-fields';

type Channel = 'shopee' | 'tiktok';

const filtersOf = (changes: Partial<ChannelFilters<Channel>> = {}): ChannelFilters<Channel> => ({
  channel: undefined,
  storeId: undefined,
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  startError: undefined,
  endError: undefined,
  valid: true,
  active: false,
  shared: { startDate: '2026-01-01', endDate: '2026-01-31' },
  setChannel: jest.fn(),
  setStoreId: jest.fn(),
  setStartDate: jest.fn(),
  setEndDate: jest.fn(),
  reset: jest.fn(),
  ...changes,
});

const STORES = [
  { id: 1, name: 'Toko Utama', channel: 'shopee' },
  { id: 2, name: 'Toko Dua', channel: 'tiktok' },
  { id: 3, name: 'Toko Lazada', channel: 'lazada' },
];

describe('ChannelFilterFields', () => {
  it('offers the channels and their stores, and passes choices on', async () => {
    const filters = filtersOf();
    const { user } = renderWithProviders(
      <ChannelFilterFields filters={filters} channels={['shopee', 'tiktok']} stores={STORES} />,
    );
    const channel = screen.getByRole('combobox', { name: 'Channel' });
    expect(screen.getByRole('option', { name: 'Semua channel' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'TikTok Shop' })).toBeInTheDocument();
    // A store of a channel the list does not show is not offered.
    expect(screen.getByRole('option', { name: 'Shopee · Toko Utama' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'TikTok Shop · Toko Dua' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Toko Lazada/ })).not.toBeInTheDocument();
    await user.selectOptions(channel, 'tiktok');
    expect(filters.setChannel).toHaveBeenCalledWith('tiktok');
    await user.selectOptions(channel, '');
    expect(filters.setChannel).toHaveBeenLastCalledWith(undefined);
    const store = screen.getByRole('combobox', { name: 'Toko' });
    await user.selectOptions(store, '2');
    expect(filters.setStoreId).toHaveBeenCalledWith(2);
    await user.selectOptions(store, '');
    expect(filters.setStoreId).toHaveBeenLastCalledWith(undefined);
  });

  it("offers only the chosen channel's stores", () => {
    renderWithProviders(
      <ChannelFilterFields
        filters={filtersOf({ channel: 'shopee', storeId: 1, active: true })}
        channels={['shopee', 'tiktok']}
        stores={STORES}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Toko' })).toHaveValue('1');
    expect(
      screen.queryByRole('option', { name: 'TikTok Shop · Toko Dua' }),
    ).not.toBeInTheDocument();
  });

  it('resets only while a filter differs from its default', async () => {
    const idle = filtersOf();
    const { user, unmount } = renderWithProviders(
      <ChannelFilterFields filters={idle} channels={['shopee']} stores={[]} />,
    );
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    unmount();
    const active = filtersOf({ channel: 'shopee', active: true });
    renderWithProviders(<ChannelFilterFields filters={active} channels={['shopee']} stores={[]} />);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(active.reset).toHaveBeenCalled();
  });
});

describe('BoundedDateFields', () => {
  it('bounds each date by the other and passes typed dates on', async () => {
    const range = filtersOf();
    const { user } = renderWithProviders(<BoundedDateFields range={range} />);
    const start = screen.getByLabelText(/Tanggal Mulai/);
    const end = screen.getByLabelText(/Tanggal Akhir/);
    expect(start).toBeRequired();
    expect(start).toHaveAttribute('max', '2026-01-31');
    expect(end).toHaveAttribute('min', '2026-01-01');
    await user.clear(end);
    expect(range.setEndDate).toHaveBeenCalledWith('');
  });

  it("uses the API's window where the other date is wrong", () => {
    renderWithProviders(
      <BoundedDateFields
        range={filtersOf({ startError: 'Tanggal salah', endError: 'Tanggal salah' })}
      />,
    );
    const allowed = dateWindow();
    expect(screen.getByLabelText(/Tanggal Mulai/)).toHaveAttribute('max', allowed.max);
    expect(screen.getByLabelText(/Tanggal Akhir/)).toHaveAttribute('min', allowed.min);
  });
});
