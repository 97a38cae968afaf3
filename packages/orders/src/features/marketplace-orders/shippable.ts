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

/** Not shipped, and no longer to be (cancelled, returned or unpaid since it was picked). */
export const isDropped = (order: { shipped: boolean; status: Status }): boolean =>
  !order.shipped && !isShippableStatus(order.status);
