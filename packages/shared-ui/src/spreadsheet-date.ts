// Dates in the .xlsx exports are real date cells (a serial day with a date format), so that a
// spreadsheet sorts and filters them as dates, not as text. One rule for every export.

const DAY_MS = 86_400_000;
// Day 0 of spreadsheet serial dates (the 1900 system, past its leap-year quirk).
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);

/** The number format of a date cell: as the app shows dates (id-ID, day first). */
export const SPREADSHEET_DATE_FORMAT = 'd/m/yyyy';

/** A yyyy-mm-dd calendar date as a spreadsheet serial day: arithmetic, no time zone. */
export function serialDate(iso: string): number {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return (Date.UTC(year, month - 1, day) - SERIAL_EPOCH) / DAY_MS;
}

/** The cell of a yyyy-mm-dd date for SheetJS: a number shown as a date. */
export function spreadsheetDateCell(iso: string): { t: 'n'; v: number; z: string } {
  return { t: 'n', v: serialDate(iso), z: SPREADSHEET_DATE_FORMAT };
}
