import { DEBOUNCE_MS } from '@gudang/api-client';
import { useDebouncedValue } from '@gudang/shared-ui';
import { useCheckIncomingResiQuery } from './incoming-goods-api';

/**
 * True when the typed resi is already used by another incoming record, asked DEBOUNCE_MS after
 * typing stops. A failed check counts as "not a duplicate" (SPEC.md point 8): the server still
 * refuses a used resi on save.
 */
export function useResiDuplicate(resi: string, excludeId: number | undefined): boolean {
  const typed = resi.trim();
  const checked = useDebouncedValue(typed, DEBOUNCE_MS);
  const { currentData } = useCheckIncomingResiQuery(
    { resi: checked, excludeId },
    { skip: checked === '' },
  );
  return checked === typed && currentData?.isDuplicate === true;
}
