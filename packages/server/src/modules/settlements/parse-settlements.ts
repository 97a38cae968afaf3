// A marketplace's income or settlement file (its sheets as text, from the spreadsheet worker)
// into what each order earned: the product price before and after the seller's discounts, the
// fees in fixed categories (signed sen, each beside the file's own column names), the released
// amount and the difference when they do not add up (shown, never forced). The format comes
// from the headers (settlement-columns.ts); a row that cannot be read is a problem with its row
// number, and its order is left out rather than counted short. No database: a pure function.
import type { SheetText } from '../marketplace/service';
import { cellValue, SCIENTIFIC } from '../marketplace/service';
import {
  FEE_CATEGORIES,
  feeCategoryOf,
  isNamedMoney,
  isNotMoney,
  lazadaFeeRole,
  roleOf,
  SETTLEMENT_SPECS,
  type FeeCategory,
  type Role,
  type SettlementSpec,
} from './settlement-columns';
import {
  cleanHeader,
  cut,
  headerCell,
  senValue,
  settlementDate,
  type HeaderCell,
} from './settlement-values';

export { FEE_CATEGORIES, type FeeCategory } from './settlement-columns';

export type SettlementFormat = 'shopee-a' | 'shopee-b' | 'shopee-c' | 'tiktok' | 'lazada';

export interface ParsedSettlementOrder {
  orderNumber: string;
  /** YYYY-MM-DD, the shop's calendar day (date-times in the shop's time zone). */
  releasedAt: string | null;
  /** Product price before the seller's discounts, in sen. */
  priceBefore: number;
  /** Product price after the seller's discounts, in sen. */
  priceAfter: number;
  /** Signed sen: money taken from the seller is negative. */
  fees: Record<FeeCategory, number>;
  /** The file's own headers (Lazada: fee names) summed into each category, where not zero. */
  feeColumns: Record<FeeCategory, string[]>;
  /** The released amount in sen. */
  released: number;
  /** released - (priceAfter + the fees): 0 when the file adds up. */
  difference: number;
  /** 1-based spreadsheet rows whose money makes up the order. */
  rows: number[];
}

export interface SettlementProblem {
  sheet: string;
  row: number;
  message: string;
}

export interface ParsedSettlementFile {
  channel: 'shopee' | 'tiktok' | 'lazada' | 'tokopedia';
  format: SettlementFormat;
  storeName: string | null;
  orders: ParsedSettlementOrder[];
  problems: SettlementProblem[];
}

export interface SettlementFileOptions {
  /** The shop's IANA time zone. */
  timeZone: string;
}

/** The header row is looked for among this many first rows of each sheet. */
export const HEADER_SEARCH_ROWS = 20;
/** A cell's value quoted in a problem is cut to this. */
const MAX_VALUE = 50;

export const SETTLEMENT_PARSE_MESSAGES = {
  unknownFormat: (expected: readonly string[]) =>
    `Format file penghasilan tidak dikenali. Kolom yang dicari: ${expected.join('; ')}`,
  missingColumns: (file: string, columns: readonly string[]) =>
    `Kolom wajib tidak ditemukan di file ${file}: ${columns.join(', ')}`,
  missing: (label: string) => `${label} kosong`,
  notNumber: (label: string, value: string) => `${label} bukan angka: '${value}'`,
  badDate: (label: string, value: string) => `${label} bukan tanggal: '${value}'`,
  lostDigits: (label: string, value: string) =>
    `${label} (${value}) sudah diubah menjadi angka oleh program spreadsheet sehingga digit terakhirnya hilang. Unduh ulang file dari marketplace dan unggah tanpa membukanya di Excel`,
  orderLeftOut: (reason: string, order: string) => `${reason}; pesanan ${order} tidak dihitung`,
  unknownKind: (label: string, value: string) =>
    `${label} '${value}' tidak dikenal (seharusnya Order atau Sku)`,
  skuWithoutOrder: (order: string) =>
    `Pesanan ${order} hanya memiliki baris Sku tanpa baris Order: penghasilannya tidak dihitung`,
  withoutOrder: (what: string) => `${what} tanpa nomor pesanan: tidak dihitung ke pesanan mana pun`,
} as const;

/** A header cell of the chosen row, with its role in the file (null: no rule names it). */
interface Column extends HeaderCell {
  index: number;
  role: Role | null;
}

/** A column whose cells add to an order's money. */
interface MoneyColumn {
  index: number;
  label: string;
  released: boolean;
  before: boolean;
  after: boolean;
  category: FeeCategory | null;
}

type SingleRole =
  'order' | 'kind' | 'related' | 'date' | 'released' | 'feeName' | 'amount' | 'source';

interface Layout {
  spec: SettlementSpec;
  sheet: SheetText;
  headerRow: number;
  columns: Column[];
  roles: Partial<Record<SingleRole, Column>>;
  money: MoneyColumn[];
  /** Columns no rule names that may hold money (by their name, else their cells). */
  unknown: Column[];
  /** Columns a rule names: how well the row fits the format. */
  known: number;
  missing: string[];
}

function layoutOf(spec: SettlementSpec, sheet: SheetText, headerRow: number): Layout {
  const columns: Column[] = [];
  (sheet.rows[headerRow] ?? []).forEach((text, index) => {
    const cell = headerCell(text);
    if (cell.label === '') return;
    columns.push({ ...cell, index, role: roleOf(spec, cell.key) });
  });
  const roles: Partial<Record<SingleRole, Column>> = {};
  const priced: { column: Column; role: Extract<Role, { kind: 'price' | 'fee' }> }[] = [];
  const unknown: Column[] = [];
  let known = 0;
  for (const column of columns) {
    const { role } = column;
    if (role === null) {
      if (spec.longFormat !== true && !isNotMoney(column.key)) unknown.push(column);
      continue;
    }
    known += 1;
    if (role.kind === 'price' || role.kind === 'fee') priced.push({ column, role });
    else if (role.kind !== 'skip') roles[role.kind] ??= column;
  }

  // A total beside its parts: one of them is summed (spec.groups), never both.
  const dropped = new Set<Column>();
  const afterDropped = new Set<Column>();
  for (const [group, prefer] of Object.entries(spec.groups ?? {})) {
    const members = priced.filter(({ role }) => role.group?.name === group);
    const totals = members.filter(({ role }) => role.group?.total === true);
    const parts = members.filter(({ role }) => role.group?.total !== true);
    if (prefer === 'total' && totals.length > 0)
      for (const { column, role } of parts)
        (role.kind === 'price' && role.before ? afterDropped : dropped).add(column);
    if (prefer === 'parts' && parts.length > 0)
      for (const { column } of totals) dropped.add(column);
  }
  const money: MoneyColumn[] = [];
  if (roles.released !== undefined)
    money.push({
      index: roles.released.index,
      label: roles.released.label,
      released: true,
      before: false,
      after: false,
      category: null,
    });
  for (const { column, role } of priced) {
    if (dropped.has(column)) continue;
    money.push({
      index: column.index,
      label: column.label,
      released: false,
      before: role.kind === 'price' && role.before,
      after: role.kind === 'price' && !afterDropped.has(column),
      category: role.kind === 'fee' ? role.category : null,
    });
  }
  const roleList = columns.flatMap((column) => (column.role === null ? [] : [column.role]));
  const missing = spec.required.filter((field) => !field.has(roleList)).map((field) => field.label);
  return { spec, sheet, headerRow, columns, roles, money, unknown, known, missing };
}

/** Every header row that fits a format somewhat, in every sheet. */
function candidates(sheets: readonly SheetText[]): Layout[] {
  const found: Layout[] = [];
  for (const sheet of sheets) {
    const last = Math.min(sheet.rows.length, HEADER_SEARCH_ROWS);
    for (let headerRow = 0; headerRow < last; headerRow += 1) {
      if ((sheet.rows[headerRow] ?? []).length === 0) continue;
      for (const spec of SETTLEMENT_SPECS) {
        const layout = layoutOf(spec, sheet, headerRow);
        if (layout.known > 0) found.push(layout);
      }
    }
  }
  return found;
}

const best = (list: readonly Layout[], score: (layout: Layout) => number) =>
  list.reduce<Layout | null>(
    (top, next) => (top === null || score(next) > score(top) ? next : top),
    null,
  );

/**
 * Columns no rule names hold money when their name says so ('… fee', 'Biaya …') or, failing
 * that, when their cells are mostly amounts: kept as a fee of the category their name suggests
 * ('lain' when none), never dropped. A column of mostly text holds none.
 */
function addUnknownMoney(layout: Layout): void {
  const { sheet, headerRow } = layout;
  for (const column of layout.unknown) {
    if (!isNamedMoney(column.key)) {
      let amounts = 0;
      let texts = 0;
      for (let index = headerRow + 1; index < sheet.rows.length; index += 1) {
        const raw = sheet.rows[index]?.[column.index];
        if (cellValue(raw) === null) continue;
        if (senValue(raw) === null) texts += 1;
        else amounts += 1;
      }
      if (amounts < texts) continue;
    }
    layout.money.push({
      index: column.index,
      label: column.label,
      released: false,
      before: false,
      after: false,
      category: feeCategoryOf(column.key),
    });
  }
}

/** An order as its rows add up. */
interface Draft {
  orderNumber: string;
  rows: number[];
  priceBefore: number;
  priceAfter: number;
  released: number;
  fees: Record<FeeCategory, number>;
  feeColumns: Record<FeeCategory, string[]>;
  /** The latest release date of the order's own rows (Type 'Order', Shopee's rows, Lazada's). */
  releasedAt: string | null;
  /** The latest date of its other rows (adjustments), for an order that has only those. */
  otherDate: string | null;
}

const perCategory = <T>(value: () => T) =>
  Object.fromEntries(FEE_CATEGORIES.map((category) => [category, value()])) as Record<
    FeeCategory,
    T
  >;

const later = (a: string | null, b: string | null | undefined) =>
  b === null || b === undefined || (a !== null && a >= b) ? a : b;

/** Rows under an order's rows that total or describe them ('Total', 'Jumlah'). */
const FOOTER = /^(total|jumlah|subtotal|summary|ringkasan)\b/i;

class Collector {
  readonly drafts = new Map<string, Draft>();
  readonly leftOut = new Set<string>();
  readonly problems: SettlementProblem[] = [];

  constructor(private readonly sheet: string) {}

  problem(row: number, message: string, order?: string | null): void {
    this.problems.push({
      sheet: this.sheet,
      row,
      message:
        order === undefined || order === null
          ? message
          : SETTLEMENT_PARSE_MESSAGES.orderLeftOut(message, cut(order, MAX_VALUE)),
    });
    if (order !== undefined && order !== null) this.leftOut.add(order);
  }

  draft(orderNumber: string, row: number): Draft {
    let draft = this.drafts.get(orderNumber);
    if (draft === undefined) {
      draft = {
        orderNumber,
        rows: [],
        priceBefore: 0,
        priceAfter: 0,
        released: 0,
        fees: perCategory(() => 0),
        feeColumns: perCategory((): string[] => []),
        releasedAt: null,
        otherDate: null,
      };
      this.drafts.set(orderNumber, draft);
    }
    draft.rows.push(row);
    return draft;
  }

  orders(): ParsedSettlementOrder[] {
    const orders: ParsedSettlementOrder[] = [];
    for (const draft of this.drafts.values()) {
      if (this.leftOut.has(draft.orderNumber)) continue;
      const fees = FEE_CATEGORIES.reduce((sum, category) => sum + draft.fees[category], 0);
      orders.push({
        orderNumber: draft.orderNumber,
        releasedAt: draft.releasedAt ?? draft.otherDate,
        priceBefore: draft.priceBefore,
        priceAfter: draft.priceAfter,
        fees: draft.fees,
        feeColumns: draft.feeColumns,
        released: draft.released,
        difference: draft.released - (draft.priceAfter + fees),
        rows: [...draft.rows].sort((a, b) => a - b),
      });
    }
    return orders;
  }
}

function addMoney(draft: Draft, column: MoneyColumn, label: string, sen: number): void {
  if (column.released) draft.released += sen;
  if (column.before) draft.priceBefore += sen;
  if (column.after) draft.priceAfter += sen;
  if (column.category !== null) {
    draft.fees[column.category] += sen;
    const names = draft.feeColumns[column.category];
    if (sen !== 0 && !names.includes(label)) names.push(label);
  }
}

interface ReadContext {
  layout: Layout;
  options: SettlementFileOptions;
  out: Collector;
}

const cellOf = (row: readonly string[], column: Column | undefined) =>
  column === undefined ? null : cellValue(row[column.index]);

/**
 * Whether an id a spreadsheet program turned into a number lost its last digits (issue 42 m8):
 * orders would merge, so the row is not counted.
 */
function damagedIds(layout: Layout): (rowIndex: number, column: Column, value: string) => boolean {
  const lost = new Set(layout.sheet.lostDigits ?? []);
  return (rowIndex, column, value) =>
    lost.has(`${rowIndex},${column.index}`) || SCIENTIFIC.test(value);
}

/** A row under the orders that totals them: its first filled cell says so. */
function isFooter(row: readonly string[]): boolean {
  for (const cell of row) {
    const value = cellValue(cell);
    if (value !== null) return FOOTER.test(value);
  }
  return false;
}

/** The release date of a row: undefined when empty, or why it cannot be read. */
function rowDate(
  row: readonly string[],
  { layout, options }: ReadContext,
): { date: string | null | undefined } | { problem: string } {
  const column = layout.roles.date;
  if (column === undefined) return { date: undefined };
  const raw = row[column.index];
  const date = settlementDate(raw, options.timeZone, column.offsetMinutes);
  if (date === null)
    return {
      problem: SETTLEMENT_PARSE_MESSAGES.badDate(
        column.label,
        cut(cellValue(raw) ?? '', MAX_VALUE),
      ),
    };
  return { date };
}

/** Shopee and TikTok: one row per order (or per adjustment), one column per amount. */
function readColumns(context: ReadContext): string[] {
  const { layout, out } = context;
  const { sheet, headerRow, roles, spec } = layout;
  const tiktok = spec.family === 'tiktok';
  const byKind = spec.family === 'shopee' && roles.kind !== undefined;
  const orderColumn = roles.order as Column;
  const seen = new Set<string>();
  const skuRows = new Map<string, number>();
  const sources: string[] = [];
  const damaged = damagedIds(layout);

  for (let index = headerRow + 1; index < sheet.rows.length; index += 1) {
    const row = sheet.rows[index] ?? [];
    const rowNumber = index + 1;
    if (row.every((cell) => cellValue(cell) === null) || isFooter(row)) continue;
    const id = cellOf(row, orderColumn);
    // A running number ('No.') with no money is no order.
    if (id === null && layout.money.every((column) => senValue(row[column.index]) === 0)) continue;
    const kind = cellOf(row, roles.kind);
    const releasedColumn = roles.released;
    // The row under TikTok's headers may describe the columns in words.
    if (
      tiktok &&
      index === headerRow + 1 &&
      id !== null &&
      /\s/.test(id) &&
      releasedColumn !== undefined &&
      senValue(row[releasedColumn.index]) === null
    )
      continue;

    let orderNumber = id;
    let ownRow = true;
    let orderLabel = orderColumn;
    if (byKind) {
      const word = (kind ?? '').toLowerCase();
      if (word === 'sku') {
        // Sku rows split the order's money over its products: it is counted from the Order row.
        if (id !== null && !skuRows.has(id)) skuRows.set(id, rowNumber);
        continue;
      }
      if (word !== 'order') {
        const label = roles.kind?.label ?? 'Lihat berdasarkan';
        out.problem(
          rowNumber,
          kind === null
            ? SETTLEMENT_PARSE_MESSAGES.missing(label)
            : SETTLEMENT_PARSE_MESSAGES.unknownKind(label, cut(kind, MAX_VALUE)),
          id,
        );
        continue;
      }
    }
    if (tiktok) {
      if (kind === null) {
        out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.missing(roles.kind?.label ?? 'Type'), id);
        continue;
      }
      ownRow = /^(order|pesanan)$/i.test(kind);
      if (!ownRow && roles.related !== undefined) {
        orderLabel = roles.related;
        orderNumber = cellOf(row, roles.related);
      }
      if (!ownRow && orderNumber === null) {
        out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.withoutOrder(`'${cut(kind, MAX_VALUE)}'`));
        continue;
      }
    }
    if (orderNumber === null) {
      out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.missing(orderLabel.label));
      continue;
    }
    orderNumber = cut(orderNumber, 100);
    if (damaged(index, orderLabel, orderNumber)) {
      out.problem(
        rowNumber,
        SETTLEMENT_PARSE_MESSAGES.lostDigits(orderLabel.label, orderNumber),
        orderNumber,
      );
      continue;
    }
    // A weekly export repeats the previous period: a row is counted once by its id, type and
    // settled time.
    if (tiktok) {
      const key = [id ?? '', (kind ?? '').toLowerCase(), cellOf(row, roles.date) ?? ''].join(
        '\u0000',
      );
      if (seen.has(key)) continue;
      seen.add(key);
    }

    const amounts: number[] = [];
    let bad: MoneyColumn | null = null;
    for (const column of layout.money) {
      const sen = senValue(row[column.index]);
      if (sen === null) {
        bad = column;
        break;
      }
      amounts.push(sen);
    }
    if (bad !== null) {
      const value = cut(cellValue(row[bad.index]) ?? '', MAX_VALUE);
      out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.notNumber(bad.label, value), orderNumber);
      continue;
    }
    const date = rowDate(row, context);
    if ('problem' in date) {
      out.problem(rowNumber, date.problem, orderNumber);
      continue;
    }

    const draft = out.draft(orderNumber, rowNumber);
    layout.money.forEach((column, at) => addMoney(draft, column, column.label, amounts[at] ?? 0));
    if (ownRow) draft.releasedAt = later(draft.releasedAt, date.date);
    else draft.otherDate = later(draft.otherDate, date.date);
    if (tiktok && ownRow) {
      const source = cellOf(row, roles.source);
      if (source !== null) sources.push(source);
    }
  }
  for (const [order, rowNumber] of skuRows)
    if (!out.drafts.has(order) && !out.leftOut.has(order))
      out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.skuWithoutOrder(cut(order, MAX_VALUE)));
  return sources;
}

/** Lazada: one row per fee of an order (Nama Biaya, Jumlah (Termasuk Pajak)). */
function readFeeRows(context: ReadContext): void {
  const { layout, out } = context;
  const { sheet, headerRow, roles } = layout;
  const orderColumn = roles.order as Column;
  const nameColumn = roles.feeName as Column;
  const amountColumn = roles.amount as Column;
  const damaged = damagedIds(layout);
  for (let index = headerRow + 1; index < sheet.rows.length; index += 1) {
    const row = sheet.rows[index] ?? [];
    const rowNumber = index + 1;
    if (row.every((cell) => cellValue(cell) === null) || isFooter(row)) continue;
    const order = cellOf(row, orderColumn);
    const name = cellOf(row, nameColumn);
    const raw = row[amountColumn.index];
    const sen = senValue(raw);
    if (order === null) {
      if (sen === 0) continue;
      out.problem(
        rowNumber,
        SETTLEMENT_PARSE_MESSAGES.withoutOrder(
          name === null ? 'Baris' : `'${cut(name, MAX_VALUE)}'`,
        ),
      );
      continue;
    }
    const orderNumber = cut(order, 100);
    if (damaged(index, orderColumn, orderNumber)) {
      out.problem(
        rowNumber,
        SETTLEMENT_PARSE_MESSAGES.lostDigits(orderColumn.label, orderNumber),
        orderNumber,
      );
      continue;
    }
    if (sen === null) {
      const value = cut(cellValue(raw) ?? '', MAX_VALUE);
      out.problem(
        rowNumber,
        SETTLEMENT_PARSE_MESSAGES.notNumber(amountColumn.label, value),
        orderNumber,
      );
      continue;
    }
    if (name === null && sen !== 0) {
      out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.missing(nameColumn.label), orderNumber);
      continue;
    }
    const date = rowDate(row, context);
    if ('problem' in date) {
      out.problem(rowNumber, date.problem, orderNumber);
      continue;
    }
    const draft = out.draft(orderNumber, rowNumber);
    draft.releasedAt = later(draft.releasedAt, date.date);
    if (name === null) continue;
    const label = cut(cleanHeader(name));
    const role = lazadaFeeRole(headerCell(name).key);
    addMoney(
      draft,
      {
        index: amountColumn.index,
        label,
        released: true,
        before: role.kind === 'price' && role.before,
        after: role.kind === 'price',
        category: role.kind === 'fee' ? role.category : null,
      },
      label,
      sen,
    );
  }
}

const USERNAME_LABEL = 'username penjual';
/** A Shopee username as the older income sheet writes it alone in cell A2. */
const USERNAME = /^[\p{L}\p{N}._-]{1,64}$/u;

/** The store the file names: Shopee's 'Username (Penjual)' cell, or its A2 cell. */
function storeNameOf(sheets: readonly SheetText[], layout: Layout): string | null {
  if (layout.spec.family !== 'shopee') return null;
  for (const sheet of sheets) {
    const last = Math.min(sheet.rows.length, HEADER_SEARCH_ROWS);
    for (let index = 0; index < last; index += 1) {
      const row = sheet.rows[index] ?? [];
      for (let column = 0; column < row.length; column += 1) {
        const text = row[column] ?? '';
        const { key } = headerCell(text);
        if (key === USERNAME_LABEL) {
          const value = row.slice(column + 1).find((cell) => cellValue(cell) !== null);
          if (value !== undefined) return cut(cleanHeader(value));
        } else if (key.startsWith(`${USERNAME_LABEL} `) && text.includes(':')) {
          const value = cleanHeader(text.slice(text.indexOf(':') + 1));
          if (value !== '') return cut(value);
        }
      }
    }
  }
  if (layout.headerRow > 1) {
    const a2 = cellValue(layout.sheet.rows[1]?.[0]);
    if (a2 !== null && USERNAME.test(a2)) return a2;
  }
  return null;
}

// Sheets of the 2025 workbook beside 'income' (a name the older file may use too).
const SHOPEE_B_SHEETS = /^(service fee details?|adjustment|order processing fee)$/i;
const SHOPEE_B_COLUMNS =
  /^(biaya proses pesanan|voucher disponsor oleh penjual|kembali ke biaya pengiriman pengirim)$/;

function formatOf(sheets: readonly SheetText[], layout: Layout): SettlementFormat {
  const { family } = layout.spec;
  if (family !== 'shopee') return family;
  if (layout.roles.kind !== undefined) return 'shopee-c';
  if (
    sheets.some((sheet) => SHOPEE_B_SHEETS.test(sheet.name.trim())) ||
    layout.columns.some((column) => SHOPEE_B_COLUMNS.test(column.key))
  )
    return 'shopee-b';
  return 'shopee-a';
}

/** Reads a marketplace's income or settlement file into its orders, in the format its headers show. */
export function parseSettlementFile(
  sheets: SheetText[],
  options: SettlementFileOptions,
): ParsedSettlementFile | { error: string } {
  const found = candidates(sheets);
  const chosen = best(
    found.filter((layout) => layout.missing.length === 0),
    (layout) => layout.known,
  );
  if (chosen === null) {
    // Most of a format's columns are there, some required one is not: name what is missing.
    const near = best(
      found.filter((layout) => layout.missing.length * 2 <= layout.spec.required.length),
      (layout) => (layout.spec.required.length - layout.missing.length) * 1000 + layout.known,
    );
    if (near !== null)
      return {
        error: SETTLEMENT_PARSE_MESSAGES.missingColumns(near.spec.name, near.missing),
      };
    return {
      error: SETTLEMENT_PARSE_MESSAGES.unknownFormat(
        SETTLEMENT_SPECS.map(
          (spec) => `${spec.name}: ${spec.required.map((field) => field.label).join(', ')}`,
        ),
      ),
    };
  }

  addUnknownMoney(chosen);
  const out = new Collector(chosen.sheet.name);
  const context: ReadContext = { layout: chosen, options, out };
  let channel: ParsedSettlementFile['channel'] = chosen.spec.family;
  if (chosen.spec.family === 'lazada') readFeeRows(context);
  else {
    const sources = readColumns(context);
    // Tokopedia's orders settle in TikTok Shop's file; its 'Order Source' says which.
    if (sources.length > 0 && sources.every((source) => /tokopedia/i.test(source)))
      channel = 'tokopedia';
  }
  return {
    channel,
    format: formatOf(sheets, chosen),
    storeName: storeNameOf(sheets, chosen),
    orders: out.orders(),
    problems: [...out.problems].sort((a, b) => a.row - b.row),
  };
}
