import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { ListSearchBox, SearchBox } from './search-box';

describe('SearchBox', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = (value = '') => {
    const onSearch = jest.fn();
    const result = renderWithProviders(
      <SearchBox placeholder="Cari produk..." value={value} onSearch={onSearch} />,
      { userOptions: { advanceTimers: jest.advanceTimersByTime } },
    );
    return { onSearch, ...result };
  };

  it('calls onSearch once, 500 ms after typing stops', async () => {
    const { user, onSearch } = setup();
    const box = screen.getByRole('searchbox', { name: 'Cari produk...' });
    await user.type(box, 'kopi');
    expect(box).toHaveValue('kopi');
    act(() => jest.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('kopi');
    act(() => jest.advanceTimersByTime(2000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('searches at once on Enter', async () => {
    const { user, onSearch } = setup();
    await user.type(screen.getByRole('searchbox'), 'teh{Enter}');
    expect(onSearch).toHaveBeenCalledWith('teh');
    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('follows the applied value when it changes outside', () => {
    const onSearch = jest.fn();
    const { rerender } = renderWithProviders(
      <SearchBox placeholder="Cari produk..." value="kopi" onSearch={onSearch} />,
    );
    expect(screen.getByRole('searchbox')).toHaveValue('kopi');
    rerender(<SearchBox placeholder="Cari produk..." value="" onSearch={onSearch} />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(onSearch).not.toHaveBeenCalled();
  });
});

describe('ListSearchBox', () => {
  it("shows the list's search and applies a new one to it", async () => {
    const setSearch = jest.fn();
    const { user } = renderWithProviders(
      <ListSearchBox list={{ search: 'kopi', setSearch }} placeholder="Cari produk..." />,
    );
    const box = screen.getByRole('searchbox', { name: 'Cari produk...' });
    expect(box).toHaveValue('kopi');
    await user.type(box, ' susu{Enter}');
    expect(setSearch).toHaveBeenCalledWith('kopi susu');
  });
});
