import { FIELDS } from '@gudang/api-client';
import type { DateRangeParams } from '../hooks/use-date-range-params';
import { Button } from './button';
import { DateField } from './fields';

/** The reset button's text. */
export const DATE_RANGE_TEXTS = { reset: 'Reset' } as const;

/**
 * Tanggal Mulai and Tanggal Akhir of a list's date range (useDateRangeParams), with their errors,
 * and 'Reset' while the range differs from the default window. Placed inside the list's Toolbar.
 */
export function DateRangeFields({ range }: { range: DateRangeParams }) {
  return (
    <>
      <DateField
        label={FIELDS.startDate.label}
        value={range.startDate}
        error={range.startError}
        onChange={(event) => range.setStartDate(event.target.value)}
      />
      <DateField
        label={FIELDS.endDate.label}
        value={range.endDate}
        error={range.endError}
        onChange={(event) => range.setEndDate(event.target.value)}
      />
      {range.active ? (
        <Button variant="ghost" onClick={range.reset}>
          {DATE_RANGE_TEXTS.reset}
        </Button>
      ) : null}
    </>
  );
}
