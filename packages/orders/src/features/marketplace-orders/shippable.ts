import type { MarketplaceOrder } from '@gudang/api-client';

type Status = MarketplaceOrder['status'];

/** Statuses the server refuses to ship (Scan Kirim, 'Catat sebagai Barang Keluar'). */
export const NOT_SHIPPABLE: ReadonlySet<Status> = new Set<Status>([
  'belum_bayar',
  'batal',
  'retur',
]);

/** Whether an order in `status` may be shipped. */
export const isShippableStatus = (status: Status): boolean => !NOT_SHIPPABLE.has(status);
