// Purchase cost (Harga Beli, the moving-average cost) is the manager's, as 'Nilai Stok' and
// Pembukuan are (review 2026-11-28): what an admin may read carries no cost, the field left
// out as the dashboard leaves out stockValue. An admin may still type a receipt's Harga Beli.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser, type AuthUser } from './request-user';
import type { SnapshotCache } from './snapshot-cache';

export const seesCost = (user: AuthUser): boolean => user.role === 'manager';

/** `item` without its purchase_price. */
export function withoutCost<T extends { purchase_price?: number }>(
  item: T,
): Omit<T, 'purchase_price'> {
  const { purchase_price: _cost, ...rest } = item;
  return rest;
}

/**
 * Sends `read(cost)`, `cost` being whether the signed-in user sees the cost, kept by `answers`
 * apart for each view: an admin is never answered from a manager's kept answer.
 */
export function sendCostView(
  answers: SnapshotCache,
  request: FastifyRequest,
  reply: FastifyReply,
  read: (cost: boolean) => Promise<unknown>,
): Promise<FastifyReply> {
  const cost = seesCost(requireUser(request));
  return answers.send(request, reply, () => read(cost), cost ? 'cost' : 'no-cost');
}
