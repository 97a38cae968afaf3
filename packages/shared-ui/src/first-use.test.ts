// The UI kit loads on every page's start, the login page's too: it makes no Intl formatter then
// (a page's first one costs the locale's data, issue 48), only when a number is first shown.
import { firstUse } from './first-use';
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
