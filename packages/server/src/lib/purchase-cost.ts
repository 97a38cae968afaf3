// Purchase cost (Harga Beli, the moving-average cost) is the manager's, as 'Nilai Stok' and
// Pembukuan are (review 2026-11-28): what an admin may read carries no cost, the field left
// out as the dashboard leaves out stockValue. An admin may still type a receipt's Harga Beli.
import type { AuthUser } from './request-user';

export const seesCost = (user: AuthUser): boolean => user.role === 'manager';

/** `item` without its purchase_price. */
export function withoutCost<T extends { purchase_price?: number }>(
  item: T,
): Omit<T, 'purchase_price'> {
  const { purchase_price: _cost, ...rest } = item;
  return rest;
}
