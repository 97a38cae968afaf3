import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '../testing';
import { addDaysIso, todayIso } from '../formatters';
import { useDateRangeParams } from './use-date-range-params';

function Range({ prefix }: { prefix?: string }) {
  const range = useDateRangeParams(prefix ? { prefix } : {});
  return (
    <>
      <output aria-label="url">{useLocation().search}</output>
      <output aria-label="state">
        {`${range.startDate}|${range.endDate}|${range.valid}|${range.active}|${range.endError ?? ''}`}
      </output>
      <button onClick={() => range.setStartDate('2026-01-01')}>start</button>
      <button onClick={() => range.setEndDate('2025-12-01')}>reversed</button>
      <button onClick={range.reset}>reset</button>
    </>
  );
}

const today = todayIso();
const state = () => screen.getByRole('status', { name: 'state' }).textContent;
const url = () => screen.getByRole('status', { name: 'url' }).textContent;

describe('useDateRangeParams', () => {
  it('defaults to 7 days either side of today, kept out of the URL', () => {
    renderWithProviders(<Range />, { route: '/x?page=3' });
    expect(state()).toBe(`${addDaysIso(today, -7)}|${addDaysIso(today, 7)}|true|false|`);
    expect(url()).toBe('?page=3');
  });

  it('puts a new date in the URL, back on page 1, and refuses a reversed range', async () => {
    const { user } = renderWithProviders(<Range />, { route: '/x?page=3' });
    await user.click(screen.getByRole('button', { name: 'start' }));
    expect(url()).toBe('?startDate=2026-01-01');
    expect(state()).toBe(`2026-01-01|${addDaysIso(today, 7)}|true|true|`);
    await user.click(screen.getByRole('button', { name: 'reversed' }));
    expect(state()).toBe(
      '2026-01-01|2025-12-01|false|true|Tanggal mulai tidak boleh setelah tanggal akhir',
    );
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(url()).toBe('');
  });

  it('takes another default window: 30 days back to today, still out of the URL', async () => {
    function Back() {
      const range = useDateRangeParams({ defaultDays: { before: 30, after: 0 } });
      return (
        <>
          <output aria-label="url">{useLocation().search}</output>
          <output aria-label="state">{`${range.startDate}|${range.endDate}|${range.active}`}</output>
          <button onClick={() => range.setEndDate(today)}>today</button>
          <button onClick={() => range.setStartDate('2026-01-01')}>start</button>
        </>
      );
    }
    const { user } = renderWithProviders(<Back />, { route: '/x' });
    expect(state()).toBe(`${addDaysIso(today, -30)}|${today}|false`);
    await user.click(screen.getByRole('button', { name: 'today' }));
    expect(url()).toBe('');
    await user.click(screen.getByRole('button', { name: 'start' }));
    expect(url()).toBe('?startDate=2026-01-01');
    expect(state()).toBe(`2026-01-01|${today}|true`);
  });

  it('keeps a second list apart with its prefix', async () => {
    const { user } = renderWithProviders(<Range prefix="adj" />, { route: '/x?page=2&adjPage=4' });
    await user.click(screen.getByRole('button', { name: 'start' }));
    expect(url()).toBe('?page=2&adjStartDate=2026-01-01');
  });
});

describe('useDateRangeParams reversedOn', () => {
  function Fields({ reversedOn }: { reversedOn: 'start' | 'end' }) {
    const range = useDateRangeParams({ reversedOn });
    return (
      <output aria-label="errors">{`${range.startError ?? '-'}|${range.endError ?? '-'}`}</output>
    );
  }
  const reversed = '/x?startDate=2026-01-01&endDate=2025-12-01';

  it('says a start after the end at the field it names', () => {
    const { unmount } = renderWithProviders(<Fields reversedOn="start" />, { route: reversed });
    expect(screen.getByRole('status', { name: 'errors' })).toHaveTextContent(
      /^Tanggal mulai tidak boleh setelah tanggal akhir\|-$/,
    );
    unmount();
    renderWithProviders(<Fields reversedOn="end" />, { route: reversed });
    expect(screen.getByRole('status', { name: 'errors' })).toHaveTextContent(
      /^-\|Tanggal mulai tidak boleh setelah tanggal akhir$/,
    );
  });
});
