import { DEBOUNCE_MS, MESSAGES } from '@gudang/api-client';
import type { CheckResiQuery, CheckResiResponse } from '@gudang/api-client';
import { useDebouncedValue } from '@gudang/shared-ui';

export interface CheckResiArgs {
  resi: string;
  /** The record being edited, which may keep its own resi. */
  excludeId?: number;
  /** The chosen product: another product may share the resi (one package, docs/adr/0014). */
  productCode?: string;
}

/** The check-resi query string: only what is given (no params at all when nothing is). */
export function resiCheckParams(
  excludeId: number | undefined,
  productCode: string | undefined,
): CheckResiQuery | undefined {
  const params: CheckResiQuery = {
    ...(excludeId === undefined ? {} : { excludeId }),
    ...(productCode === undefined ? {} : { product_code: productCode }),
  };
  return Object.keys(params).length === 0 ? undefined : params;
}

/** The check-resi query hook of one movement list (incoming or outgoing). */
export type CheckResiQueryHook = (
  args: CheckResiArgs,
  options: { skip: boolean },
) => { currentData?: CheckResiResponse };

/**
 * The inline message when the typed resi is already used by a record of the list that
 * useCheckResi asks that the chosen product may not share it with (before a product is chosen:
 * by any other record), or by what the server names instead (a marketplace order's resi), asked
 * DEBOUNCE_MS after typing stops; null when it is free. A failed check counts as "not a
 * duplicate" (docs/product.md point 8): the server still refuses a used resi on save.
 */
export function useResiDuplicate(
  useCheckResi: CheckResiQueryHook,
  resi: string,
  excludeId: number | undefined,
  productCode?: string,
): string | null {
  const typed = resi.trim();
  const checked = useDebouncedValue(typed, DEBOUNCE_MS);
  const { currentData } = useCheckResi(
    { resi: checked, excludeId, productCode },
    { skip: checked === '' },
  );
  if (checked !== typed || currentData?.isDuplicate !== true) return null;
  return currentData.message ?? MESSAGES.resiUsedInline;
}
