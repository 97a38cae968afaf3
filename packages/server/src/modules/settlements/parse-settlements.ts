// A marketplace's income or settlement file (its sheets as text, from the spreadsheet worker)
// into what each order earned: the product price before and after the seller's discounts, the
// fees in fixed categories (signed sen, each beside the file's own column names), the released
// amount and the difference when they do not add up (shown, never forced). The format comes
// from the headers (settlement-columns.ts); a row that cannot be read is a problem with its row
// number, and its order is left out rather than counted short. No database: a pure function.
import type { SheetText } from '../marketplace/service';
import {
  best,
  cellValue,
  HEADER_SEARCH_ROWS,
  headerRows,
  isBlank,
  isFooter,
  orderExportName,
  SCIENTIFIC,
} from '../marketplace/service';
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
  CELL_MESSAGES,
  wrongFileMessage,
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
  /** 1-based spreadsheet rows (of the file's `sheet`) whose money makes up the order. */
  rows: number[];
  /** Rows of the file's `adjustmentSheet` tied to the order (Shopee 2025); absent when none. */
  adjustmentRows?: number[];
  /**
   * true: the file has only adjustments for the order (TikTok rows of another Type, Shopee's
   * adjustment sheet), its own settlement being in another file; absent otherwise.
   */
  adjustmentsOnly?: true;
}

export interface SettlementProblem {
  sheet: string;
  row: number;
  message: string;
}

export interface ParsedSettlementFile {
  channel: 'shopee' | 'tiktok' | 'lazada' | 'tokopedia';
  format: SettlementFormat;
  /** The sheet the orders were read from. */
  sheet: string;
  /** The Shopee 2025 workbook's adjustment sheet, when it has one. */
  adjustmentSheet?: string;
  storeName: string | null;
  orders: ParsedSettlementOrder[];
  problems: SettlementProblem[];
}

export interface SettlementFileOptions {
  /** The shop's IANA time zone. */
  timeZone: string;
}

/** A cell's value quoted in a problem is cut to this. */
const MAX_VALUE = 50;

export const SETTLEMENT_PARSE_MESSAGES = {
  unknownFormat: (expected: readonly string[]) =>
    `Format file penghasilan tidak dikenali. Kolom yang dicari: ${expected.join('; ')}`,
  orderExport: (name: string) => wrongFileMessage('pesanan', name, 'penghasilan'),
  ...CELL_MESSAGES,
  orderLeftOut: (reason: string, order: string) => `${reason}; pesanan ${order} tidak dihitung`,
  unknownKind: (label: string, value: string) =>
    `${label} '${value}' tidak dikenal (seharusnya Order atau Sku)`,
  skuWithoutOrder: (order: string) =>
    `Pesanan ${order} hanya memiliki baris Sku tanpa baris Order: penghasilannya tidak dihitung`,
  withoutOrder: (what: string) => `${what} tanpa nomor pesanan: tidak dihitung ke pesanan mana pun`,
  keptAdjustments: (order: string, amount: string, kept: string) =>
    `Penyesuaian ${amount} untuk pesanan ${order} tidak ditambahkan: pesanan ini sudah diimpor sebelumnya (dana dilepas ${kept}) dan tetap seperti itu`,
  keptDiffers: (order: string, kept: string, file: string, difference: string) =>
    `Pesanan ${order} sudah diimpor sebelumnya dengan dana dilepas ${kept}; file ini menyebut ${file} (selisih ${difference}, misalnya penyesuaian): selisih ini tidak ditambahkan, pesanan tetap seperti yang sudah diimpor`,
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
  /** `${category}\u0000${label}`, made once (Collector.add). */
  pair?: string;
}

type SingleRole =
  'order' | 'kind' | 'related' | 'date' | 'released' | 'feeName' | 'amount' | 'source';

interface Layout {
  spec: SettlementSpec;
  /** The sheet's position among the file's sheets, and its head. */
  sheetIndex: number;
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

function layoutOf(
  spec: SettlementSpec,
  sheet: SheetText,
  sheetIndex: number,
  headerRow: number,
): Layout {
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
  return { spec, sheetIndex, sheet, headerRow, columns, roles, money, unknown, known, missing };
}

/** Every header row that fits a format somewhat, in every sheet. */
function candidates(sheets: readonly SheetText[]): Layout[] {
  const found: Layout[] = [];
  for (const { sheet, sheetIndex, headerRow, header } of headerRows(sheets)) {
    if (header.length === 0) continue;
    for (const spec of SETTLEMENT_SPECS) {
      const layout = layoutOf(spec, sheet, sheetIndex, headerRow);
      if (layout.known > 0) found.push(layout);
    }
  }
  return found;
}

/**
 * Columns no rule names hold money when their name says so ('… fee', 'Biaya …') or, failing
 * that, when their cells are mostly amounts (counted over every row under the header: the
 * reader's scan): kept as a fee of the category their name suggests ('lain' when none), never
 * dropped. A column of mostly text holds none.
 */
class UnknownMoney {
  /** The columns to judge by their cells, and what their cells hold so far. */
  private readonly judged = new Map<Column, { amounts: number; texts: number }>();

  constructor(private readonly layout: Layout) {
    for (const column of layout.unknown)
      if (!isNamedMoney(column.key)) this.judged.set(column, { amounts: 0, texts: 0 });
  }

  get needsScan(): boolean {
    return this.judged.size > 0;
  }

  scan(row: readonly string[]): void {
    for (const [column, count] of this.judged) {
      const raw = row[column.index];
      if (cellValue(raw) === null) continue;
      if (senValue(raw) === null) count.texts += 1;
      else count.amounts += 1;
    }
  }

  /** The money columns, once every row has been scanned. */
  addTo(money: MoneyColumn[]): void {
    for (const column of this.layout.unknown) {
      const count = this.judged.get(column);
      if (count !== undefined && count.amounts < count.texts) continue;
      money.push({
        index: column.index,
        label: column.label,
        released: false,
        before: false,
        after: false,
        category: feeCategoryOf(column.key),
      });
    }
  }
}

/**
 * An order as its rows add up. Its money is not in it: 13 numbers (MONEY_SLOTS) at `at` of the
 * Collector's money chunks, so that 150,000 orders of a file hold 104 bytes of it each, not 13
 * numbers in their own objects (the worker's heap while it reads the largest file: 94 -> 52 MB).
 */
interface Draft {
  orderNumber: string;
  /** The draft's place among the Collector's money. */
  at: number;
  /** The first row of the main sheet making it up (0: none yet), and any others. */
  firstRow: number;
  moreRows: number[] | null;
  /** The file's column names its fees came from (shared: see Collector.add). */
  columns: ColumnList;
  /** Rows of the adjustment sheet tied to the order. */
  adjustmentRows: number[] | null;
  /** Whether a row of the order's own (not an adjustment) made it up. */
  own: boolean;
  /** The latest release date of the order's own rows (Type 'Order', Shopee's rows, Lazada's). */
  releasedAt: string | null;
  /** The latest date of its other rows (adjustments), for an order that has only those. */
  otherDate: string | null;
}

/** A draft's money: released, the price before and after the discounts, then each category. */
const RELEASED = 0;
const BEFORE = 1;
const AFTER = 2;
const MONEY_SLOTS = 3 + FEE_CATEGORIES.length;
const FEE_SLOT = Object.fromEntries(
  FEE_CATEGORIES.map((category, index) => [category, 3 + index]),
) as Record<FeeCategory, number>;
/** Adds `sen` to the number at `index` of a chunk of money. */
const plus = (money: Float64Array, index: number, sen: number) => {
  money[index] = (money[index] as number) + sen;
};
/** Drafts per chunk of money (0.4 MB): chunks are added, never copied to grow. */
const CHUNK_BITS = 12;
const CHUNK_DRAFTS = 1 << CHUNK_BITS;

const perCategory = <T>(value: () => T) =>
  Object.fromEntries(FEE_CATEGORIES.map((category) => [category, value()])) as Record<
    FeeCategory,
    T
  >;

const later = (a: string | null, b: string | null | undefined) =>
  b === null || b === undefined || (a !== null && a >= b) ? a : b;

/** The (category, column name) pairs an order's fees came from, in the order first met. */
interface ColumnList {
  key: string;
  pairs: readonly (readonly [FeeCategory, string])[];
  /** The list with one more pair, by the pair's key (category, NUL, name). */
  next: Map<string, ColumnList>;
  /** The keys of its pairs. */
  has: Set<string>;
  /** The list as ParsedSettlementOrder.feeColumns, made once. */
  record?: Record<FeeCategory, string[]>;
}

class Collector {
  readonly drafts = new Map<string, Draft>();
  readonly leftOut = new Set<string>();
  readonly problems: SettlementProblem[] = [];
  private readonly days = new Map<string, string>();
  /**
   * Every list of column names an order has, shared: the orders of one file have a handful of
   * distinct lists, so 150,000 orders hold a pointer each (in the worker and as they cross to the
   * server), not ten arrays each.
   */
  private readonly columnLists = new Map<string, ColumnList>();
  /** An order's list before its first fee. */
  private readonly noColumns: ColumnList = { key: '', pairs: [], next: new Map(), has: new Set() };

  /** Every draft's money (MONEY_SLOTS numbers each), sen, whole numbers exact in a double. */
  private readonly money: Float64Array[] = [];
  private nextAt = 0;

  constructor(private readonly sheet: string) {}

  /** The chunk of the draft at `at`, and where its money starts in it. */
  private slots(at: number): [Float64Array, number] {
    return [this.money[at >> CHUNK_BITS] as Float64Array, (at & (CHUNK_DRAFTS - 1)) * MONEY_SLOTS];
  }

  problem(row: number, message: string, order?: string | null, sheet = this.sheet): void {
    this.problems.push({
      sheet,
      row,
      message:
        order === undefined || order === null
          ? message
          : SETTLEMENT_PARSE_MESSAGES.orderLeftOut(message, cut(order, MAX_VALUE)),
    });
    if (order !== undefined && order !== null) this.leftOut.add(order);
  }

  /** The order's draft, with a row of the main sheet (or of the adjustment sheet) that makes it up. */
  draft(orderNumber: string, row: number, adjustment = false): Draft {
    let draft = this.drafts.get(orderNumber);
    if (draft === undefined) {
      const at = this.nextAt;
      this.nextAt += 1;
      if (at >> CHUNK_BITS === this.money.length)
        this.money.push(new Float64Array(CHUNK_DRAFTS * MONEY_SLOTS));
      draft = {
        orderNumber,
        at,
        firstRow: 0,
        moreRows: null,
        columns: this.noColumns,
        adjustmentRows: null,
        own: false,
        releasedAt: null,
        otherDate: null,
      };
      this.drafts.set(orderNumber, draft);
    }
    if (adjustment) (draft.adjustmentRows ??= []).push(row);
    else if (draft.firstRow === 0) draft.firstRow = row;
    else (draft.moreRows ??= []).push(row);
    return draft;
  }

  /** Adds one row's amount of a column to the order. */
  add(draft: Draft, column: MoneyColumn, label: string, sen: number): void {
    // (Not this.slots: a row adds a dozen amounts, each would make an array.)
    const money = this.money[draft.at >> CHUNK_BITS] as Float64Array;
    const start = (draft.at & (CHUNK_DRAFTS - 1)) * MONEY_SLOTS;
    if (column.released) plus(money, start + RELEASED, sen);
    if (column.before) plus(money, start + BEFORE, sen);
    if (column.after) plus(money, start + AFTER, sen);
    const { category } = column;
    if (category === null) return;
    plus(money, start + FEE_SLOT[category], sen);
    if (sen === 0) return;
    const pair =
      label === column.label
        ? (column.pair ??= `${category}\u0000${label}`)
        : `${category}\u0000${label}`;
    const current = draft.columns;
    if (current.has.has(pair)) return;
    let list = current.next.get(pair);
    if (list === undefined) {
      const key = `${current.key}\u0001${pair}`;
      list = this.columnLists.get(key) ?? {
        key,
        pairs: [...current.pairs, [category, label]],
        next: new Map(),
        has: new Set([...current.has, pair]),
      };
      this.columnLists.set(key, list);
      current.next.set(pair, list);
    }
    draft.columns = list;
  }

  private static recordOf(list: ColumnList): Record<FeeCategory, string[]> {
    if (list.record === undefined) {
      const record = perCategory((): string[] => []);
      for (const [category, name] of list.pairs) record[category].push(name);
      list.record = record;
    }
    return list.record;
  }

  /** A release day, one string per distinct day (150,000 orders share a month's days). */
  day(value: string | null | undefined): string | null | undefined {
    if (value === null || value === undefined) return value;
    const found = this.days.get(value);
    if (found !== undefined) return found;
    this.days.set(value, value);
    return value;
  }

  /** The orders; the drafts are let go one by one (a file's worth of orders is never held twice). */
  orders(): ParsedSettlementOrder[] {
    return [...this.drain()];
  }

  /** The number of orders drain() gives. */
  get orderCount(): number {
    let count = this.drafts.size;
    for (const orderNumber of this.leftOut) if (this.drafts.has(orderNumber)) count -= 1;
    return count;
  }

  /** The orders one at a time, each draft let go as its order is made. */
  *drain(): Generator<ParsedSettlementOrder> {
    for (const [key, draft] of this.drafts) {
      this.drafts.delete(key);
      if (this.leftOut.has(draft.orderNumber)) continue;
      const [money, start] = this.slots(draft.at);
      const fees = perCategory(() => 0);
      let feeSum = 0;
      for (const category of FEE_CATEGORIES) {
        const sen = money[start + FEE_SLOT[category]] as number;
        fees[category] = sen;
        feeSum += sen;
      }
      const released = money[start + RELEASED] as number;
      const priceAfter = money[start + AFTER] as number;
      const rows = draft.firstRow === 0 ? [] : [draft.firstRow, ...(draft.moreRows ?? [])];
      yield {
        orderNumber: draft.orderNumber,
        releasedAt: draft.releasedAt ?? draft.otherDate,
        priceBefore: money[start + BEFORE] as number,
        priceAfter,
        fees,
        feeColumns: Collector.recordOf(draft.columns),
        released,
        difference: released - (priceAfter + feeSum),
        rows: rows.length > 1 ? rows.sort((a, b) => a - b) : rows,
        ...(draft.adjustmentRows === null ? {} : { adjustmentRows: draft.adjustmentRows }),
        ...(draft.own ? {} : { adjustmentsOnly: true as const }),
      };
    }
  }
}

/** The column indexes of a row whose numbers lost digits to a spreadsheet program (issue 42 m8). */
export type LostColumns = ReadonlySet<number>;

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
const damaged = (lost: LostColumns | undefined, column: Column, value: string) =>
  lost?.has(column.index) === true || SCIENTIFIC.test(value);

/** The release date of a row: undefined when empty, or why it cannot be read. */
function rowDate(
  row: readonly string[],
  column: Column | undefined,
  options: SettlementFileOptions,
): { date: string | null | undefined } | { problem: string } {
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

/**
 * The order's draft with a row of it, and the row's release day (rowDate); null, the problem told
 * to `out`, when the date cannot be read. `adjustmentSheet`: a row of that sheet (an adjustment).
 */
function datedDraft(
  out: Collector,
  at: { row: readonly string[]; rowNumber: number; orderNumber: string },
  column: Column | undefined,
  options: SettlementFileOptions,
  adjustmentSheet?: string,
): { draft: Draft; day: string | null | undefined } | null {
  const date = rowDate(at.row, column, options);
  if ('problem' in date) {
    out.problem(at.rowNumber, date.problem, at.orderNumber, adjustmentSheet);
    return null;
  }
  const draft = out.draft(at.orderNumber, at.rowNumber, adjustmentSheet !== undefined);
  return { draft, day: out.day(date.date) };
}

/** Reads the rows of one sheet, one at a time and in order, into the collector. */
type RowReader = (index: number, row: readonly string[], lost?: LostColumns) => void;

/** Shopee and TikTok: one row per order (or per adjustment), one column per amount. */
function columnReader(context: ReadContext): {
  read: RowReader;
  finish: () => void;
  sources: string[];
} {
  const { layout, out, options } = context;
  const { headerRow, roles, spec } = layout;
  const tiktok = spec.family === 'tiktok';
  const byKind = spec.family === 'shopee' && roles.kind !== undefined;
  const orderColumn = roles.order as Column;
  const seen = new Set<string>();
  const skuRows = new Map<string, number>();
  const sources: string[] = [];

  const read: RowReader = (index, row, lost) => {
    if (index <= headerRow) return;
    const rowNumber = index + 1;
    if (isBlank(row) || isFooter(row)) return;
    const id = cellOf(row, orderColumn);
    // A running number ('No.') with no money is no order.
    if (id === null && layout.money.every((column) => senValue(row[column.index]) === 0)) return;
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
      return;

    let orderNumber = id;
    let ownRow = true;
    let orderLabel = orderColumn;
    if (byKind) {
      const word = (kind ?? '').toLowerCase();
      if (word === 'sku') {
        // Sku rows split the order's money over its products: it is counted from the Order row.
        if (id !== null && !skuRows.has(id)) skuRows.set(id, rowNumber);
        return;
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
        return;
      }
    }
    if (tiktok) {
      if (kind === null) {
        out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.missing(roles.kind?.label ?? 'Type'), id);
        return;
      }
      ownRow = /^(order|pesanan)$/i.test(kind);
      if (!ownRow && roles.related !== undefined) {
        orderLabel = roles.related;
        orderNumber = cellOf(row, roles.related);
      }
      if (!ownRow && orderNumber === null) {
        out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.withoutOrder(`'${cut(kind, MAX_VALUE)}'`));
        return;
      }
    }
    if (orderNumber === null) {
      out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.missing(orderLabel.label));
      return;
    }
    orderNumber = cut(orderNumber, 100);
    if (damaged(lost, orderLabel, orderNumber)) {
      out.problem(
        rowNumber,
        SETTLEMENT_PARSE_MESSAGES.lostDigits(orderLabel.label, orderNumber),
        orderNumber,
      );
      return;
    }
    // A weekly export repeats the previous period: a row is counted once by its id, type and
    // settled time.
    if (tiktok) {
      const key = [id ?? '', (kind ?? '').toLowerCase(), cellOf(row, roles.date) ?? ''].join(
        '\u0000',
      );
      if (seen.has(key)) return;
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
      return;
    }
    const dated = datedDraft(out, { row, rowNumber, orderNumber }, roles.date, options);
    if (dated === null) return;
    const { draft, day } = dated;
    layout.money.forEach((column, at) => out.add(draft, column, column.label, amounts[at] ?? 0));
    if (ownRow) {
      draft.own = true;
      draft.releasedAt = later(draft.releasedAt, day);
    } else draft.otherDate = later(draft.otherDate, day);
    if (tiktok && ownRow) {
      const source = cellOf(row, roles.source);
      if (source !== null) sources.push(source);
    }
  };
  const finish = () => {
    for (const [order, rowNumber] of skuRows)
      if (!out.drafts.has(order) && !out.leftOut.has(order))
        out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.skuWithoutOrder(cut(order, MAX_VALUE)));
  };
  return { read, finish, sources };
}

/**
 * The order number and the amount (in sen) of a row that adds one amount to one order (a Lazada
 * fee row, an adjustment), or null when it adds nothing: a row of no order and no amount, or one
 * whose problem is told to `out` (`withoutOrder` names a row of no order; `sheet` is the
 * problem's sheet when not the income sheet).
 */
function orderAmount(
  out: Collector,
  { rowNumber, row, lost }: { rowNumber: number; row: readonly string[]; lost?: LostColumns },
  orderColumn: Column,
  amountColumn: Column,
  told: { withoutOrder: string; sheet?: string },
): { orderNumber: string; sen: number } | null {
  const order = cellOf(row, orderColumn);
  const raw = row[amountColumn.index];
  const sen = senValue(raw);
  const refuse = (message: string, orderNumber: string | null) => {
    out.problem(rowNumber, message, orderNumber, told.sheet);
    return null;
  };
  if (order === null) {
    if (sen !== 0) refuse(SETTLEMENT_PARSE_MESSAGES.withoutOrder(told.withoutOrder), null);
    return null;
  }
  const orderNumber = cut(order, 100);
  if (damaged(lost, orderColumn, orderNumber))
    return refuse(
      SETTLEMENT_PARSE_MESSAGES.lostDigits(orderColumn.label, orderNumber),
      orderNumber,
    );
  if (sen === null) {
    const value = cut(cellValue(raw) ?? '', MAX_VALUE);
    return refuse(SETTLEMENT_PARSE_MESSAGES.notNumber(amountColumn.label, value), orderNumber);
  }
  return { orderNumber, sen };
}

/** Lazada: one row per fee of an order (Nama Biaya, Jumlah (Termasuk Pajak)). */
function feeRowReader({ layout, out, options }: ReadContext): RowReader {
  const { headerRow, roles } = layout;
  const orderColumn = roles.order as Column;
  const nameColumn = roles.feeName as Column;
  const amountColumn = roles.amount as Column;
  return (index, row, lost) => {
    if (index <= headerRow) return;
    const rowNumber = index + 1;
    if (isBlank(row) || isFooter(row)) return;
    const name = cellOf(row, nameColumn);
    const amount = orderAmount(out, { rowNumber, row, lost }, orderColumn, amountColumn, {
      withoutOrder: name === null ? 'Baris' : `'${cut(name, MAX_VALUE)}'`,
    });
    if (amount === null) return;
    const { orderNumber, sen } = amount;
    if (name === null && sen !== 0) {
      out.problem(rowNumber, SETTLEMENT_PARSE_MESSAGES.missing(nameColumn.label), orderNumber);
      return;
    }
    const dated = datedDraft(out, { row, rowNumber, orderNumber }, roles.date, options);
    if (dated === null) return;
    const { draft, day } = dated;
    draft.own = true;
    draft.releasedAt = later(draft.releasedAt, day);
    if (name === null) return;
    const label = cut(cleanHeader(name));
    const role = lazadaFeeRole(headerCell(name).key);
    out.add(
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
  };
}

// The 2025 workbook's 'adjustment' sheet (marketplace-files.md, 2): one row per adjustment,
// its header row found among the first rows, the rows labelled 'Total' dropped.
const ADJUSTMENT_COLUMNS = {
  order: 'no pesanan terhubung',
  amount: 'biaya penyesuaian',
  date: 'tanggal dana dilepaskan',
  kind: 'tipe penyesuaian deskripsi',
} as const;

interface AdjustmentLayout {
  sheetIndex: number;
  sheet: string;
  headerRow: number;
  columns: Partial<Record<keyof typeof ADJUSTMENT_COLUMNS, Column>>;
}

/** The adjustment sheet of a Shopee workbook: the sheet whose header names the linked order. */
function adjustmentLayout(sheets: readonly SheetText[], income: Layout): AdjustmentLayout | null {
  if (income.spec.family !== 'shopee') return null;
  for (const { sheet, sheetIndex, headerRow, header } of headerRows(sheets)) {
    if (sheetIndex === income.sheetIndex) continue;
    const columns: AdjustmentLayout['columns'] = {};
    header.forEach((text, index) => {
      const cell = headerCell(text);
      for (const [field, key] of Object.entries(ADJUSTMENT_COLUMNS))
        if (cell.key === key)
          columns[field as keyof typeof ADJUSTMENT_COLUMNS] ??= { ...cell, index, role: null };
    });
    if (columns.order !== undefined && columns.amount !== undefined)
      return { sheetIndex, sheet: sheet.name, headerRow, columns };
  }
  return null;
}

/**
 * An adjustment tied to an order ('No. Pesanan Terhubung') is money released for that order:
 * added to its 'penyesuaian' and to its released amount (the income sheet's 'Total Penghasilan'
 * has no adjustment in it), an order of no income row becoming one of adjustments only. One tied
 * to no order is shown and counted nowhere.
 */
function adjustmentReader(
  { sheet, headerRow, columns }: AdjustmentLayout,
  out: Collector,
  options: SettlementFileOptions,
): RowReader {
  const orderColumn = columns.order as Column;
  const amountColumn = columns.amount as Column;
  const money: MoneyColumn = {
    index: amountColumn.index,
    label: amountColumn.label,
    released: true,
    before: false,
    after: false,
    category: 'penyesuaian',
  };
  return (index, row, lost) => {
    if (index <= headerRow) return;
    const rowNumber = index + 1;
    if (isBlank(row) || isFooter(row)) return;
    const kind = cellOf(row, columns.kind);
    const amount = orderAmount(out, { rowNumber, row, lost }, orderColumn, amountColumn, {
      withoutOrder: kind === null ? 'Penyesuaian' : `Penyesuaian '${cut(kind, MAX_VALUE)}'`,
      sheet,
    });
    if (amount === null) return;
    const { orderNumber, sen } = amount;
    const dated = datedDraft(out, { row, rowNumber, orderNumber }, columns.date, options, sheet);
    if (dated === null) return;
    const { draft, day } = dated;
    out.add(draft, money, money.label, sen);
    draft.otherDate = later(draft.otherDate, day);
  };
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

/**
 * A file being read one row at a time (the spreadsheet worker streams a large xlsx, never holding
 * its cells): started with the first HEADER_SEARCH_ROWS rows of every sheet (the heads), which
 * decide the format; then every row of the sheets it names, in order, once through `scan` when
 * `scans` (columns of unknown names are judged by their cells first), then through `read`.
 */
export interface SettlementReader {
  /** The sheets (positions among the heads) whose rows are wanted, in the file's order. */
  readonly sheets: readonly number[];
  /** Whether every row of those sheets must go through `scan` before any goes through `read`. */
  readonly scans: boolean;
  scan(sheet: number, index: number, row: readonly string[]): void;
  read(sheet: number, index: number, row: readonly string[], lost?: LostColumns): void;
  finish(): ParsedSettlementFile;
  /** The file as the worker hands it over (keptSettlementFile), its orders never all objects. */
  finishKept(): KeptSettlementFile;
}

/**
 * The name of the income file whose every required column the heads have, or null: the return
 * import names it when such a file is uploaded to it by mistake.
 */
export function incomeFileName(heads: readonly SheetText[]): string | null {
  return completeBest(candidates(heads))?.spec.name ?? null;
}

/** The layout read: of those whose every required column is there, the one most columns know. */
function completeBest(found: readonly Layout[]): Layout | null {
  return best(
    found.filter((layout) => layout.missing.length === 0),
    (layout) => layout.known,
  );
}

/** The reader of a file whose heads show a known format, or why the file is refused. */
export function startSettlementRead(
  heads: readonly SheetText[],
  options: SettlementFileOptions,
): SettlementReader | { error: string } {
  const found = candidates(heads);
  const chosen = completeBest(found);
  if (chosen === null) {
    // An order export uploaded here by mistake is said as what it is.
    const orderExport = orderExportName(heads);
    if (orderExport !== null) return { error: SETTLEMENT_PARSE_MESSAGES.orderExport(orderExport) };
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

  const unknownMoney = new UnknownMoney(chosen);
  const out = new Collector(chosen.sheet.name);
  const context: ReadContext = { layout: chosen, options, out };
  const columns = chosen.spec.family === 'lazada' ? null : columnReader(context);
  const readMain = columns?.read ?? feeRowReader(context);
  const adjustments = adjustmentLayout(heads, chosen);
  const readAdjustment = adjustments === null ? null : adjustmentReader(adjustments, out, options);
  let decided = false;
  const decide = () => {
    if (decided) return;
    decided = true;
    unknownMoney.addTo(chosen.money);
  };
  const sheets = [chosen.sheetIndex];
  if (adjustments !== null) sheets.push(adjustments.sheetIndex);
  /** The file without its orders, once every row has been read. */
  const about = (): Omit<ParsedSettlementFile, 'orders'> => {
    decide();
    columns?.finish();
    let channel: ParsedSettlementFile['channel'] = chosen.spec.family;
    // Tokopedia's orders settle in TikTok Shop's file; its 'Order Source' says which.
    const sources = columns?.sources ?? [];
    if (sources.length > 0 && sources.every((source) => /tokopedia/i.test(source)))
      channel = 'tokopedia';
    return {
      channel,
      format: formatOf(heads, chosen),
      sheet: chosen.sheet.name,
      ...(adjustments === null ? {} : { adjustmentSheet: adjustments.sheet }),
      storeName: storeNameOf(heads, chosen),
      problems: [...out.problems].sort((a, b) => a.row - b.row),
    };
  };
  return {
    sheets: sheets.sort((a, b) => a - b),
    scans: unknownMoney.needsScan,
    scan(sheet, index, row) {
      if (sheet === chosen.sheetIndex && index > chosen.headerRow) unknownMoney.scan(row);
    },
    read(sheet, index, row, lost) {
      decide();
      if (sheet === chosen.sheetIndex) readMain(index, row, lost);
      else if (sheet === adjustments?.sheetIndex) readAdjustment?.(index, row, lost);
    },
    finish() {
      return { ...about(), orders: out.orders() };
    },
    finishKept() {
      const head = about();
      const count = out.orderCount;
      return keptSettlementFile(head, out.drain(), count);
    },
  };
}

/** The column indexes of each row whose numbers lost digits (SheetText.lostDigits). */
function lostByRow(sheet: SheetText): Map<number, Set<number>> {
  const lost = new Map<number, Set<number>>();
  for (const cell of sheet.lostDigits ?? []) {
    const [row, column] = cell.split(',').map(Number);
    if (row === undefined || column === undefined) continue;
    let columns = lost.get(row);
    if (columns === undefined) lost.set(row, (columns = new Set()));
    columns.add(column);
  }
  return lost;
}

/** Reads a marketplace's income or settlement file into its orders, in the format its headers show. */
export function parseSettlementFile(
  sheets: SheetText[],
  options: SettlementFileOptions,
): ParsedSettlementFile | { error: string } {
  const heads = sheets.map((sheet) => ({
    name: sheet.name,
    rows: sheet.rows.slice(0, HEADER_SEARCH_ROWS),
  }));
  const reader = startSettlementRead(heads, options);
  if ('error' in reader) return reader;
  if (reader.scans)
    for (const at of reader.sheets)
      sheets[at]?.rows.forEach((row, index) => reader.scan(at, index, row));
  for (const at of reader.sheets) {
    const sheet = sheets[at];
    if (sheet === undefined) continue;
    const lost = lostByRow(sheet);
    sheet.rows.forEach((row, index) => reader.read(at, index, row, lost.get(index)));
  }
  return reader.finish();
}

/** Orders per batch of KeptSettlementFile: a batch's JSON is about 0.2 MB. */
export const SETTLEMENT_ORDERS_PER_BATCH = 2_000;

/**
 * A parsed file as the spreadsheet worker hands it to the server (settlement-job.ts): its orders
 * as compact JSON text, SETTLEMENT_ORDERS_PER_BATCH a batch, which the server writes a batch a
 * statement (imports.ts keepOrders) and checks against the settlements kept (settlement-kept.ts)
 * without ever making them objects. Text crosses from the worker as it is: 150,000 orders are
 * about 15 MB of it, where the same orders as objects cost the worker, the message between the
 * threads and the server's heap 40-70 MB each (bench/settlement-import.ts, docs/benchmarks.md).
 */
export interface KeptSettlementFile extends Omit<ParsedSettlementFile, 'orders'> {
  orderCount: number;
  /**
   * Each a JSON array of orders as objects of one-letter keys (settlementBatchOrder): n the
   * order number, d the release day, b and a the price before and after the discounts, f the
   * fees that are not 0 by category, c the position of the order's column names in
   * `columnLists`, r released, x the difference, w the first row of `sheet` making it up, j the
   * first row of `adjustmentSheet`, o 1 for an order of adjustments only; absent: null or 0.
   */
  batches: string[];
  /** JSON: the distinct lists of column names by category (only those that have some). */
  columnLists: string;
}

/** The orders as KeptSettlementFile's batches (the file's own columns lists shared). */
export function keptSettlementFile(
  head: Omit<ParsedSettlementFile, 'orders'>,
  orders: Iterable<ParsedSettlementOrder>,
  orderCount: number,
): KeptSettlementFile {
  const lists: Record<string, string[]>[] = [];
  const byRecord = new Map<object, number>();
  const byText = new Map<string, number>();
  const listOf = (record: Record<FeeCategory, string[]>): number => {
    const known = byRecord.get(record);
    if (known !== undefined) return known;
    const kept: Record<string, string[]> = {};
    for (const category of FEE_CATEGORIES)
      if (record[category].length > 0) kept[category] = record[category];
    const text = JSON.stringify(kept);
    let at = byText.get(text);
    if (at === undefined) {
      at = lists.length;
      lists.push(kept);
      byText.set(text, at);
    }
    byRecord.set(record, at);
    return at;
  };
  const batches: string[] = [];
  let batch: string[] = [];
  for (const order of orders) {
    const fees: Partial<Record<FeeCategory, number>> = {};
    for (const category of FEE_CATEGORIES)
      if (order.fees[category] !== 0) fees[category] = order.fees[category];
    const compact: Record<string, unknown> = { n: order.orderNumber };
    if (order.releasedAt !== null) compact.d = order.releasedAt;
    if (order.priceBefore !== 0) compact.b = order.priceBefore;
    if (order.priceAfter !== 0) compact.a = order.priceAfter;
    compact.f = fees;
    compact.c = listOf(order.feeColumns);
    if (order.released !== 0) compact.r = order.released;
    if (order.difference !== 0) compact.x = order.difference;
    if (order.rows[0] !== undefined) compact.w = order.rows[0];
    if (order.adjustmentRows?.[0] !== undefined) compact.j = order.adjustmentRows[0];
    if (order.adjustmentsOnly === true) compact.o = 1;
    batch.push(JSON.stringify(compact));
    if (batch.length === SETTLEMENT_ORDERS_PER_BATCH) {
      batches.push(`[${batch.join(',')}]`);
      batch = [];
    }
  }
  if (batch.length > 0) batches.push(`[${batch.join(',')}]`);
  return { ...head, orderCount, batches, columnLists: JSON.stringify(lists) };
}

/** A parsed file's orders as KeptSettlementFile (the xls and CSV read whole). */
export function keptOf(file: ParsedSettlementFile): KeptSettlementFile {
  const { orders, ...head } = file;
  return keptSettlementFile(head, orders, orders.length);
}
