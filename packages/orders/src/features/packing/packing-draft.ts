import type { PackingView } from '@gudang/api-client';

/**
 * The open package's scans, kept in this tab (sessionStorage, one entry per user) while it is
 * unsent: a packer who opens another page from the menu, or reloads, comes back to the package
 * as it was left instead of scanning it again. Nothing is shipped from it: the package is read
 * again from the server, and only its current lines take the counts back.
 */
export interface PackingDraft {
  resi: string;
  /** Units scanned, by barcode as keyed on the page (trimmed, lower case). */
  counts: Record<string, number>;
}

const keyFor = (userId: number) => `gudang.packing.draft.${userId}`;

const isCounts = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((count) => Number.isSafeInteger(count) && (count as number) >= 0);

/** The user's kept package, or null (none, or not readable). */
export function readDraft(userId: number | null): PackingDraft | null {
  if (userId === null) return null;
  try {
    const kept = JSON.parse(sessionStorage.getItem(keyFor(userId)) ?? 'null') as unknown;
    if (typeof kept !== 'object' || kept === null) return null;
    const { resi, counts } = kept as Partial<PackingDraft>;
    return typeof resi === 'string' && resi !== '' && isCounts(counts) ? { resi, counts } : null;
  } catch {
    return null;
  }
}

/** Keeps the package's scans, or forgets them (`draft` null). */
export function writeDraft(userId: number, draft: PackingDraft | null): void {
  try {
    if (draft === null) sessionStorage.removeItem(keyFor(userId));
    else sessionStorage.setItem(keyFor(userId), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the page works as before, without coming back to the package.
  }
}

/** The kept counts of the package's current lines, none above a line's quantity. */
export function restoredCounts(
  view: PackingView,
  counts: Record<string, number>,
  keyOf: (barcode: string) => string,
): Record<string, number> {
  const restored: Record<string, number> = {};
  for (const line of view.lines) {
    const key = keyOf(line.barcode_id);
    const count = Math.min(counts[key] ?? 0, line.quantity);
    if (count > 0) restored[key] = count;
  }
  return restored;
}
