import { DEBOUNCE_MS } from '@gudang/api-client';
import { useDebouncedValue } from '@gudang/shared-ui';
import { useCheckOutgoingResiQuery } from './outgoing-goods-api';

/**
 * True when the typed resi is already used by another outgoing record, asked DEBOUNCE_MS after
 * typing stops. A failed check counts as "not a duplicate" (SPEC.md point 8): the server still
 * refuses a used resi on save.
 */
export function useResiDuplicate(resi: string, excludeId: number | undefined): boolean {
  const typed = resi.trim();
  const checked = useDebouncedValue(typed, DEBOUNCE_MS);
  const { currentData } = useCheckOutgoingResiQuery(
    { resi: checked, excludeId },
    { skip: checked === '' },
  );
  return checked === typed && currentData?.isDuplicate === true;
}
