// An order file's rows of text (from the worker) into the lines of a preview: the header row is
// found among the first rows, the format from the headers (or the channel given), values read
// by values.ts. Each line keeps its spreadsheet row; a line that cannot be read, or that the API
// would refuse (the date window, the text rule), or whose order contradicts itself, says why.
// Runs in the spreadsheet worker (sheet-worker.ts).
import {
  FIELDS,
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_MESSAGES,
  MAX_MOVEMENT_QUANTITY,
  VALIDATION_MESSAGES,
  textProblem,
  type MarketplaceChannel,
  type MarketplaceStatus,
  type TextProblem,
} from '@gudang/api-client/contract';
import {
  columnsOf,
  expectedHeaders,
  headerRows,
  missingFields,
  ORDER_FORMATS,
  type ColumnMap,
  type FieldKey,
  type OrderFormat,
} from './formats';
import type { OrderFileOptions, SheetText } from './sheet-types';
import {
  amountValue,
  best,
  cellValue,
  dateValue,
  SCIENTIFIC,
  signedAmountValue,
  statusValue,
} from './values';

/** Longest texts a line may carry (order number and resi as the movement tables allow). */
const MAX_TEXT = {
  order_number: 100,
  resi: FIELDS.resi_number.maxLength,
  sku: FIELDS.sku.maxLength,
  variation: FIELDS.variation.maxLength,
  product_name: 500,
  status_text: 100,
  courier: 100,
} as const;
/** A header named in a line's problem is cut to this (a header is a cell like any other). */
const MAX_LABEL = 100;
/** The resis a contradiction names. */
const MAX_RESIS_NAMED = 3;

/** A line as read from the file, before its state (which depends on the database). */
export interface ParsedLine {
  row: number;
  order_number: string;
  resi_number: string | null;
  status: MarketplaceStatus;
  status_text: string;
  date: string | null;
  sku: string;
  variation: string | null;
  product_name: string;
  quantity: number | null;
  unit_price: number | null;
  /** The courier as the file gives it (issue 47); null: no such column or an empty cell. */
  courier?: string | null;
  /**
   * The marketplace fulfils the order itself (Shopee 'Shipped by Advance Fulfilment' = Yes/Ya);
   * null: the file has no such column or the cell is empty.
   */
  marketplace_fulfilled?: boolean | null;
  /** Why the line cannot be imported, or null. */
  problem: string | null;
}

/** A yes/no cell: 'Yes', 'Ya', 'Y', 'True', '1' are yes; anything else written is no. */
export function yesValue(text: string | null): boolean | null {
  if (text === null) return null;
  return /^(ya|yes|y|true|1)$/i.test(text.trim());
}

export type ParseResult =
  | { ok: true; channel: MarketplaceChannel; format: OrderFormat; lines: ParsedLine[] }
  | {
      ok: false;
      message: string;
      expected?: { channel: MarketplaceChannel; headers: string[] }[];
    };

interface Found {
  format: OrderFormat;
  sheet: SheetText;
  headerRow: number;
  columns: ColumnMap;
  missing: string[];
  score: number;
}

/** The best header row of every sheet for every format that may be the file's. */
function candidates(sheets: readonly SheetText[], formats: readonly OrderFormat[]): Found[] {
  const found: Found[] = [];
  for (const { sheet, headerRow, header } of headerRows(sheets)) {
    if (header.length === 0) continue;
    for (const format of formats) {
      const columns = columnsOf(format, header);
      const score = Object.keys(columns).length;
      if (score === 0) continue;
      found.push({
        format,
        sheet,
        headerRow,
        columns,
        missing: missingFields(format, columns),
        score,
      });
    }
  }
  return found;
}

// Control characters (a line break inside a product name) become spaces.
const clean = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

/** The line fields of one row, or null for a row with nothing in them (a blank or a footer). */
function readRow(row: readonly string[], columns: ColumnMap) {
  const get = (key: FieldKey): string | null => {
    const index = columns[key];
    if (index === undefined) return null;
    const value = cellValue(row[index]);
    return value === null ? null : clean(value);
  };
  const values = {
    order_number: get('order_number'),
    status: get('status'),
    resi: get('resi'),
    date: get('date'),
    sku: get('sku') ?? get('parent_sku'),
    product_name: get('product_name'),
    variation: get('variation'),
    quantity: get('quantity'),
    unit_price: get('unit_price'),
    original_price: get('original_price'),
    subtotal: get('subtotal'),
    return_status: get('return_status'),
    returned_quantity: get('returned_quantity'),
    courier: get('courier'),
    fulfilled: get('fulfilled'),
  };
  if (values.sku === null && values.product_name === null && values.quantity === null) return null;
  return values;
}

type RowValues = NonNullable<ReturnType<typeof readRow>>;

function headerName(
  sheet: SheetText,
  headerRow: number,
  columns: ColumnMap,
  key: FieldKey,
): string {
  const index = columns[key];
  const text = index === undefined ? undefined : sheet.rows[headerRow]?.[index];
  return text === undefined || text.trim() === '' ? key : text.trim().slice(0, MAX_LABEL);
}

/** A line's problem with a text the validation layer's one text rule refuses. */
function textRuleMessage(problem: TextProblem, label: string, row: number): string {
  switch (problem) {
    case 'blank':
      return MARKETPLACE_MESSAGES.lineMissing(label, row);
    case 'invisible':
      return MARKETPLACE_MESSAGES.lineRefused(VALIDATION_MESSAGES.invisibleOnly(label), row);
    case 'characters':
    case 'ascii':
      return MARKETPLACE_MESSAGES.lineRefused(VALIDATION_MESSAGES.badCharacters(label), row);
  }
}

/** The unit price after discount: the file's own, else the subtotal over the quantity, else the list price. */
function unitPriceOf(values: RowValues, quantity: number | null): number | null | 'bad' {
  const read = (text: string | null) =>
    text === null ? null : (amountValue(text) ?? ('bad' as const));
  const own = read(values.unit_price);
  if (own !== null) return own;
  const subtotal = read(values.subtotal);
  if (subtotal === 'bad') return 'bad';
  if (subtotal !== null && quantity !== null && quantity > 0)
    return Math.round((subtotal / quantity) * 100) / 100;
  return read(values.original_price);
}

function lineOf(
  values: RowValues,
  rowNumber: number,
  label: (key: FieldKey) => string,
  hasQuantity: boolean,
  options: OrderFileOptions,
): ParsedLine {
  const problems: string[] = [];
  const text = (key: keyof typeof MAX_TEXT, value: string | null, field: FieldKey) => {
    if (value === null) return null;
    const rule = textProblem(value);
    if (rule !== null) problems.push(textRuleMessage(rule, label(field), rowNumber));
    if (value.length > MAX_TEXT[key]) {
      problems.push(MARKETPLACE_MESSAGES.lineTooLong(label(field), MAX_TEXT[key], rowNumber));
      return value.slice(0, MAX_TEXT[key]);
    }
    return value;
  };
  const orderNumber = text('order_number', values.order_number, 'order_number');
  if (orderNumber === null)
    problems.push(MARKETPLACE_MESSAGES.lineMissing(label('order_number'), rowNumber));
  const sku = text('sku', values.sku, 'sku');
  if (sku === null) problems.push(MARKETPLACE_MESSAGES.lineMissing(label('sku'), rowNumber));

  let quantity: number | null = 1;
  if (hasQuantity) {
    quantity = null;
    if (values.quantity === null)
      problems.push(MARKETPLACE_MESSAGES.lineMissing(label('quantity'), rowNumber));
    else {
      const amount = signedAmountValue(values.quantity);
      if (amount === null || !Number.isInteger(amount))
        problems.push(MARKETPLACE_MESSAGES.lineNotNumber(label('quantity'), rowNumber));
      else if (amount < 1)
        problems.push(MARKETPLACE_MESSAGES.lineNotPositive(label('quantity'), rowNumber));
      else if (amount > MAX_MOVEMENT_QUANTITY)
        problems.push(MARKETPLACE_MESSAGES.lineTooLarge(label('quantity'), rowNumber));
      else quantity = amount;
    }
  }

  let unitPrice: number | null = null;
  const price = unitPriceOf(values, quantity);
  if (price === 'bad')
    problems.push(MARKETPLACE_MESSAGES.lineNotNumber(label('unit_price'), rowNumber));
  else if (price !== null && price > FIELDS.price.max)
    problems.push(MARKETPLACE_MESSAGES.lineTooLarge(label('unit_price'), rowNumber));
  else unitPrice = price;

  let date: string | null = null;
  if (values.date === null)
    problems.push(MARKETPLACE_MESSAGES.lineMissing(label('date'), rowNumber));
  else {
    date = dateValue(values.date, options.timeZone);
    if (date === null) problems.push(MARKETPLACE_MESSAGES.lineBadDate(label('date'), rowNumber));
    // The API's date window (its earliest day dateValue already keeps to).
    else if (date > options.latestDate)
      problems.push(
        MARKETPLACE_MESSAGES.lineRefused(VALIDATION_MESSAGES.dateWindow(label('date')), rowNumber),
      );
  }

  const statusText = text('status_text', values.status, 'status') ?? '';
  // Not a reason to refuse a line: a courier's name too long is cut, odd characters dropped.
  const courier =
    values.courier === null || textProblem(values.courier) !== null
      ? null
      : values.courier.slice(0, MAX_TEXT.courier);
  return {
    row: rowNumber,
    order_number: orderNumber ?? '',
    resi_number: text('resi', values.resi, 'resi'),
    status: statusValue(statusText),
    status_text: statusText,
    date,
    sku: sku ?? '',
    variation: text('variation', values.variation, 'variation'),
    product_name: text('product_name', values.product_name, 'product_name') ?? sku ?? '',
    quantity,
    unit_price: unitPrice,
    courier,
    marketplace_fulfilled: yesValue(values.fulfilled),
    problem: problems[0] ?? null,
  };
}

/**
 * Rows of one order that contradict each other (a 'Batal' row beside others, two resis) are not
 * settled by the first row: every row of the order shows the contradiction (one it has kept).
 * Lazada gives each item its own status, so a cancelled item beside others is no contradiction
 * there (`perItemStatus`).
 */
function markContradictions(lines: readonly ParsedLine[], perItemStatus: boolean): void {
  const orders = new Map<string, ParsedLine[]>();
  for (const line of lines) {
    if (line.order_number === '') continue;
    const rows = orders.get(line.order_number);
    if (rows === undefined) orders.set(line.order_number, [line]);
    else rows.push(line);
  }
  for (const [order, rows] of orders) {
    if (rows.length < 2) continue;
    const cancelled = rows.filter((line) => line.status === 'batal').length;
    const resis = [
      ...new Set(rows.flatMap((line) => (line.resi_number === null ? [] : [line.resi_number]))),
    ];
    let problem: ((row: number) => string) | null = null;
    if (!perItemStatus && cancelled > 0 && cancelled < rows.length)
      problem = (row) => MARKETPLACE_MESSAGES.orderCancelledAndNot(order, row);
    else if (resis.length > 1)
      problem = (row) =>
        MARKETPLACE_MESSAGES.orderResiConflict(order, resis.slice(0, MAX_RESIS_NAMED), row);
    if (problem === null) continue;
    for (const line of rows) line.problem ??= problem(line.row);
  }
}

/** A line's return as Shopee's order export gives it: the order's return status, its units back. */
interface LineReturn {
  status: string | null;
  returned: string | null;
}

/**
 * Shopee's 'Status Pembatalan/ Pengembalian' and 'Returned quantity' (issue 46): an order whose
 * every unit was returned is 'retur'; a partial return keeps the order's status (its other units
 * were sold) and says so in its words ('Selesai / Pengembalian Dana Selesai: 1 dari 3 unit
 * dikembalikan'), as does a return asked for with nothing back yet. A cancelled or unpaid order
 * is left as it is.
 */
function markReturns(lines: ParsedLine[], returns: readonly LineReturn[]): void {
  const orders = new Map<string, number[]>();
  lines.forEach((line, at) => {
    if (line.order_number === '') return;
    const list = orders.get(line.order_number) ?? [];
    list.push(at);
    orders.set(line.order_number, list);
  });
  for (const ats of orders.values()) {
    const first = lines[ats[0] as number] as ParsedLine;
    if (first.status === 'batal' || first.status === 'belum_bayar') continue;
    const status = ats.map((at) => returns[at]?.status ?? null).find((text) => text !== null);
    let units = 0;
    let returned = 0;
    for (const at of ats) {
      const quantity = lines[at]?.quantity ?? 0;
      const back = signedAmountValue(returns[at]?.returned ?? '');
      units += quantity;
      if (back !== null && Number.isInteger(back) && back > 0) returned += Math.min(back, quantity);
    }
    if (returned === 0 && status === undefined) continue;
    const words = status ?? 'Pengembalian';
    const all = returned > 0 && returned >= units;
    const text =
      returned === 0 || all
        ? `${first.status_text} / ${words}`
        : `${first.status_text} / ${words}: ${returned} dari ${units} unit dikembalikan`;
    for (const at of ats) {
      const line = lines[at] as ParsedLine;
      line.status_text = text.slice(0, MAX_TEXT.status_text);
      if (all) line.status = 'retur';
    }
  }
}

/**
 * The name of the marketplace order export whose every required column the sheets have, or null:
 * the return and income imports name it when such a file is uploaded to them by mistake.
 */
export function orderExportName(sheets: readonly SheetText[]): string | null {
  return completeBest(candidates(sheets, ORDER_FORMATS))?.format.name ?? null;
}

/** The format read: of those whose every required column is there, the one most headers match. */
function completeBest(found: readonly Found[]): Found | null {
  return best(
    found.filter((candidate) => candidate.missing.length === 0),
    (candidate) => candidate.score,
  );
}

/** Reads the lines of an order file (its sheets as text), in the format its headers show. */
export function parseOrderFile(
  sheets: readonly SheetText[],
  options: OrderFileOptions,
): ParseResult {
  const { channel } = options;
  const formats =
    channel === undefined
      ? ORDER_FORMATS
      : ORDER_FORMATS.filter((f) => f.channels.includes(channel));
  const found = candidates(sheets, formats);
  const score = (candidate: Found) => candidate.score;
  const chosen = completeBest(found);
  if (chosen === null) {
    // Another marketplace's whole order export, under the channel chosen: said as what it is.
    if (channel !== undefined) {
      const other = orderExportName(sheets);
      if (other !== null) {
        const chosenLabel = MARKETPLACE_CHANNEL_LABELS[channel];
        return { ok: false, message: MARKETPLACE_MESSAGES.otherChannelFile(other, chosenLabel) };
      }
    }
    // Most of a format's headers are there, some required one is not: name what is missing.
    const near = best(
      found.filter(
        (c) => c.score >= Math.ceil(c.format.fields.filter((f) => f.required).length / 2),
      ),
      score,
    );
    if (near !== null)
      return {
        ok: false,
        message: MARKETPLACE_MESSAGES.missingColumns(near.format.name, near.missing),
      };
    const expected = expectedHeaders(formats);
    return {
      ok: false,
      message: MARKETPLACE_MESSAGES.unknownFormat(
        expected.map((format) => `${format.name}: ${format.headers.join(', ')}`),
      ),
      expected: expected.map(({ channel: c, headers }) => ({ channel: c, headers })),
    };
  }

  const { format, sheet, headerRow, columns } = chosen;
  const label = (key: FieldKey) => headerName(sheet, headerRow, columns, key);
  const hasQuantity = format.fields.some((field) => field.key === 'quantity');
  const lines: ParsedLine[] = [];
  const returns: LineReturn[] = [];
  let previous: RowValues | null = null;
  const lostDigits = new Set(sheet.lostDigits ?? []);
  for (let index = headerRow + 1; index < sheet.rows.length; index += 1) {
    const values = readRow(sheet.rows[index] ?? [], columns);
    if (values === null) continue;
    // An order id or resi a spreadsheet program turned into a number lost its last digits:
    // orders would merge or split and resis repeat. The whole file is refused (issue 42 m8).
    for (const key of ['order_number', 'resi'] as const) {
      const column = columns[key];
      const value = key === 'resi' ? values.resi : values.order_number;
      if (column === undefined || value === null) continue;
      if (lostDigits.has(`${index},${column}`) || SCIENTIFIC.test(value))
        return {
          ok: false,
          message: MARKETPLACE_MESSAGES.idLostDigits(label(key), index + 1, value),
        };
    }
    // The row under TikTok's headers describes the columns in words.
    if (
      format.descriptionRow === true &&
      index === headerRow + 1 &&
      /\s/.test(values.order_number ?? '') &&
      (values.quantity === null || amountValue(values.quantity) === null)
    )
      continue;
    // Older Shopee exports write an order's own cells on its first row only: fill them down.
    if (values.order_number === null && previous !== null) {
      values.order_number = previous.order_number;
      values.status ??= previous.status;
      values.resi ??= previous.resi;
      values.date ??= previous.date;
      values.return_status ??= previous.return_status;
      values.courier ??= previous.courier;
      values.fulfilled ??= previous.fulfilled;
    }
    if (values.order_number !== null) previous = values;
    lines.push(lineOf(values, index + 1, label, hasQuantity, options));
    returns.push({ status: values.return_status, returned: values.returned_quantity });
  }
  if (lines.length === 0) return { ok: false, message: MARKETPLACE_MESSAGES.noRows };
  const fileChannel = channel ?? format.channels[0];
  markReturns(lines, returns);
  markContradictions(lines, fileChannel === 'lazada');
  return { ok: true, channel: fileChannel, format, lines };
}
