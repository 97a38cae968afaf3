import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_SHOP_TIMEZONE } from './contract/constants';
import { getShopTimeZone, loadShopSettings, setShopTimeZone } from './shop-time-zone';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  setShopTimeZone(DEFAULT_SHOP_TIMEZONE);
});
afterAll(() => server.close());

test('takes the shop time zone from /api/settings', async () => {
  server.use(
    http.get('*/api/settings', () => HttpResponse.json({ shopTimezone: 'Asia/Makassar' })),
  );
  expect(getShopTimeZone()).toBe('Asia/Jakarta');
  await loadShopSettings();
  expect(getShopTimeZone()).toBe('Asia/Makassar');
});

test('keeps the default when the settings cannot be read', async () => {
  server.use(
    http.get('*/api/settings', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
  );
  await loadShopSettings();
  expect(getShopTimeZone()).toBe(DEFAULT_SHOP_TIMEZONE);
  server.use(http.get('*/api/settings', () => HttpResponse.error()));
  await loadShopSettings();
  expect(getShopTimeZone()).toBe(DEFAULT_SHOP_TIMEZONE);
});
