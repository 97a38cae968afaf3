// A rack file's sheets (as text, from the spreadsheet worker) into rows: the header row holds
// 'Kode Barang' and 'Rak' (or their aliases, RACK_IMPORT_HEADERS), found among the first rows of
// the first sheet that has both; each row below gives a product's code and its rack (an empty Rak
// cell clears it). A row that cannot be taken says why, with its spreadsheet row number.
import {
  FIELDS,
  RACK_IMPORT_HEADERS,
  RACK_MAX_LENGTH,
  RACK_MESSAGES,
  textProblem,
} from '@gudang/api-client/contract';
import { cellValue, headerKey, headerRows, type SheetText } from '../marketplace/service';

const RACK_TEXT = /^[A-Z0-9./-]+$/;

/** A row of the file as read (its state depends on the products, computed on every read). */
export interface ParsedRackRow {
  row: number;
  product_code: string;
  /** In capitals; null: the Rak cell is empty (the product's rack is cleared). */
  rack: string | null;
  problem: string | null;
}

export type RackParseResult = { ok: true; rows: ParsedRackRow[] } | { ok: false; message: string };

function columnOf(header: readonly string[], names: readonly string[]): number | undefined {
  const wanted = new Set(names.map(headerKey));
  const index = header.findIndex((cell) => wanted.has(headerKey(cell)));
  return index < 0 ? undefined : index;
}

/** The rows of a rack file; a file without the two headers or without rows is refused. */
export function parseRackFile(sheets: readonly SheetText[]): RackParseResult {
  for (const { sheet, headerRow, header } of headerRows(sheets)) {
    const codeColumn = columnOf(header, RACK_IMPORT_HEADERS.code);
    const rackColumn = columnOf(header, RACK_IMPORT_HEADERS.rack);
    if (codeColumn === undefined || rackColumn === undefined) continue;
    const rows = rowsOf(sheet, headerRow, codeColumn, rackColumn);
    return rows.length === 0 ? { ok: false, message: RACK_MESSAGES.noRows } : { ok: true, rows };
  }
  return { ok: false, message: RACK_MESSAGES.missingColumns };
}

function rowsOf(
  sheet: SheetText,
  headerRow: number,
  codeColumn: number,
  rackColumn: number,
): ParsedRackRow[] {
  const rows: ParsedRackRow[] = [];
  /** The rack each code was first given (lower-case code), to catch a code given two racks. */
  const seen = new Map<string, string | null>();
  for (let index = headerRow + 1; index < sheet.rows.length; index += 1) {
    const cells = sheet.rows[index] ?? [];
    const row = index + 1;
    const code = cellValue(cells[codeColumn]);
    const rackText = cellValue(cells[rackColumn]);
    if (code === null && rackText === null) continue;
    const rack = rackText === null ? null : rackText.toUpperCase();
    let problem: string | null = null;
    if (code === null) problem = RACK_MESSAGES.codeMissing(row);
    else if (textProblem(code) !== null || code.length > FIELDS.code.maxLength)
      problem = RACK_MESSAGES.unknownProduct(code.slice(0, FIELDS.code.maxLength), row);
    else if (rack !== null && (rack.length > RACK_MAX_LENGTH || !RACK_TEXT.test(rack)))
      problem = RACK_MESSAGES.rackInvalid(row);
    const productCode = (code ?? '').slice(0, FIELDS.code.maxLength);
    if (problem === null) {
      const key = productCode.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) seen.set(key, rack);
      else if (first !== rack) problem = RACK_MESSAGES.duplicateCode(productCode, row);
    }
    rows.push({
      row,
      product_code: productCode,
      rack: rack === null ? null : rack.slice(0, RACK_MAX_LENGTH * 2),
      problem,
    });
  }
  return rows;
}
