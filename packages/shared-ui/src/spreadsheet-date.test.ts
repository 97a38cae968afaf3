import { SPREADSHEET_DATE_FORMAT, serialDate, spreadsheetDateCell } from './spreadsheet-date';

describe('spreadsheet dates', () => {
  it('counts days as spreadsheets do, past the 1900 leap-year quirk', () => {
    expect(serialDate('1900-03-01')).toBe(61);
    expect(serialDate('2026-11-20')).toBe(46346);
    expect(serialDate('2026-11-27')).toBe(46353);
  });

  it('makes a number cell with a day-first date format, never text', () => {
    expect(spreadsheetDateCell('2026-11-24')).toEqual({
      t: 'n',
      v: 46350,
      z: SPREADSHEET_DATE_FORMAT,
    });
    expect(SPREADSHEET_DATE_FORMAT).toBe('d/m/yyyy');
  });
});
