import { DEBOUNCE_MS } from '@gudang/api-client';
import type { CheckResiResponse } from '@gudang/api-client';
import { useDebouncedValue } from '@gudang/shared-ui';

export interface CheckResiArgs {
  resi: string;
  /** The record being edited, which may keep its own resi. */
  excludeId?: number;
}

/** The check-resi query hook of one movement list (incoming or outgoing). */
export type CheckResiQueryHook = (
  args: CheckResiArgs,
  options: { skip: boolean },
) => { currentData?: CheckResiResponse };

/**
 * True when the typed resi is already used by another record of the list that useCheckResi asks,
 * asked DEBOUNCE_MS after typing stops. A failed check counts as "not a duplicate" (docs/product.md
 * point 8): the server still refuses a used resi on save.
 */
export function useResiDuplicate(
  useCheckResi: CheckResiQueryHook,
  resi: string,
  excludeId: number | undefined,
): boolean {
  const typed = resi.trim();
  const checked = useDebouncedValue(typed, DEBOUNCE_MS);
  const { currentData } = useCheckResi({ resi: checked, excludeId }, { skip: checked === '' });
  return checked === typed && currentData?.isDuplicate === true;
}
