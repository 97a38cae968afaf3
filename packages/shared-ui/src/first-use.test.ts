// The UI kit loads on every page's start, the login page's too: it makes no Intl formatter then
// (a page's first one costs the locale's data, issue 48), only when a number is first shown.
import { firstUse, firstUsePer } from './first-use';
import type * as Kit from './index';

afterEach(() => jest.restoreAllMocks());

it('makes a value once, on its first use', () => {
  const make = jest.fn(() => ({}));
  const value = firstUse(make);
  expect(make).not.toHaveBeenCalled();
  expect(value()).toBe(value());
  expect(make).toHaveBeenCalledTimes(1);
});

it('loading the UI kit makes no Intl formatter; formatting still does', async () => {
  const numberFormat = jest.spyOn(Intl, 'NumberFormat');
  const dateFormat = jest.spyOn(Intl, 'DateTimeFormat');
  let kit: typeof Kit | undefined;
  await jest.isolateModulesAsync(async () => {
    kit = await import('./index');
  });
  expect(numberFormat).not.toHaveBeenCalled();
  expect(dateFormat).not.toHaveBeenCalled();
  expect(kit?.formatInteger(1250000)).toBe('1.250.000');
  expect(kit?.formatRupiah(12500)).toBe('Rp 12.500,00');
  expect(numberFormat).toHaveBeenCalled();
});

it('makes one value per key, each once', () => {
  const make = jest.fn((key: string) => ({ key }));
  const value = firstUsePer(make);
  expect(value('Asia/Jakarta')).toBe(value('Asia/Jakarta'));
  expect(value('UTC')).toEqual({ key: 'UTC' });
  expect(make).toHaveBeenCalledTimes(2);
});

it('a date formatter is made once per time zone, not on every date shown (a list, a header)', async () => {
  let kit: typeof Kit | undefined;
  await jest.isolateModulesAsync(async () => {
    kit = await import('./index');
  });
  const dateFormat = jest.spyOn(Intl, 'DateTimeFormat');
  const instant = new Date('2026-11-20T18:05:09Z');
  for (let row = 0; row < 3; row++) {
    expect(kit?.formatDateTime(instant, 'Asia/Jakarta')).toBe('21/11/2026, 01.05.09');
    expect(kit?.formatDate(instant, 'Asia/Jakarta')).toBe('21/11/2026');
    expect(kit?.formatLongDate(instant, 'Asia/Jakarta')).toBe('Sabtu, 21 November 2026');
  }
  expect(dateFormat).toHaveBeenCalledTimes(3);
  expect(kit?.formatLongDate(instant, 'UTC')).toBe('Jumat, 20 November 2026');
  expect(dateFormat).toHaveBeenCalledTimes(4);
});
