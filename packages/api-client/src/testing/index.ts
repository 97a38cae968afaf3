// Test helpers of @gudang/api-client ('@gudang/api-client/testing'): for tests only, not part of
// the public API that the shell and the remotes build on.
import type { Product } from '../contract';

// Setters and pure helpers that only tests call from outside this package.
export { setShopTimeZone } from '../shop-time-zone';
export { setToken } from '../token';
export { setOfflineQueue } from '../offline-queue/use-offline-queue';

/** The product every fixture starts from; each test names only the fields it is about. */
const PRODUCT_DEFAULTS: Product = {
  id: 1,
  barcode_id: 'BC1',
  code: 'KP-001',
  name: 'Kopi Bubuk',
  initial_stock: 10,
  current_stock: 10,
  category: 'Minuman',
  brand: 'Kapal Api',
  purchase_price: 0,
  selling_price: 0,
  min_stock: 10,
  created_at: '2026-01-01T00:00:00.000Z',
  rack: null,
};

/** A `Product` as the server sends it (every field of the response schema), with `fields` set. */
export function makeProduct(fields: Partial<Product> = {}): Product {
  return { ...PRODUCT_DEFAULTS, ...fields };
}
