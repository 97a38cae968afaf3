// The cells of the marketplaces' income and settlement files: headers as the files write them
// (with their drift), money in integer sen and release dates as the shop's calendar day. Built
// on the order import's readers (marketplace/values.ts, formats.ts), never a second copy.
import { headerKey } from '../marketplace/service';
import { amountValue, cellValue, dateValue } from '../marketplace/service';

/** A header or a cell named in a message is cut to this. */
export const MAX_LABEL = 100;

/** A header cell as read: its text, the key it is matched by, and the zone its times are in. */
export interface HeaderCell {
  /** The header as the file writes it: NFC, spaces collapsed, trimmed. */
  label: string;
  /** The label compared without case, punctuation or a time-zone suffix ('order settled time'). */
  key: string;
  /** Minutes east of UTC that a '(UTC)' / '(UTC+7)' suffix gives the column's times; null: none. */
  offsetMinutes: number | null;
}

const ZONE_SUFFIX = /\s*\(\s*(?:utc|gmt)\s*(?:([+-])\s*(\d{1,2})(?::?(\d{2}))?)?\s*\)$/i;
// 'Biaya Administrasi (termasuk PPN 11%)': the tax note names no category of its own.
const TAX_NOTE = /\s*\btermasuk\b.*$/;

/** The text of a header cell: Unicode NFC (a file in NFD splits accented words), spaces collapsed. */
export function cleanHeader(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export function headerCell(text: string | undefined): HeaderCell {
  const label = cleanHeader(text ?? '');
  const zone = ZONE_SUFFIX.exec(label);
  let offsetMinutes: number | null = null;
  let name = label;
  if (zone !== null) {
    const minutes = Number(zone[2] ?? 0) * 60 + Number(zone[3] ?? 0);
    offsetMinutes = zone[1] === '-' ? -minutes : minutes;
    name = label.slice(0, zone.index);
  }
  return { label, key: headerKey(name), offsetMinutes };
}

/** The words of a fee's name that choose its category: its key without a tax note. */
export function categoryKey(key: string): string {
  return key.replace(TAX_NOTE, '');
}

const PLAIN = /^-?\d+(\.\d+)?$/;
const THOUSANDS = /^-?\d{1,3}(\.\d{3})+$/;
const ENGLISH_GROUPS = /^\d{1,3}(,\d{3})+\.\d+$|^\d{1,3}(,\d{3}){2,}$/;
const EXPONENT = /^\d+(\.\d+)?e[-+]?\d+$/i;

/**
 * A money cell in sen (an integer): 0 when empty or the accounting dash; Indonesian ('1.250',
 * '6.250,50'), plain ('1250.5') and unmistakably English ('1,250.50') numbers, a sign before or
 * after 'Rp', and accounting parentheses. null when the cell holds no amount. Each cell becomes
 * sen before anything is added, so sums are exact.
 */
export function senValue(raw: string | undefined): number | null {
  // Most cells are numbers as a spreadsheet stores them ('-16000', '1250.5'): read directly,
  // except '1.250', which Indonesian writes for a thousand.
  if (raw !== undefined && PLAIN.test(raw) && !THOUSANDS.test(raw)) {
    const sen = Math.round(Number(raw) * 100);
    return Number.isSafeInteger(sen) ? sen + 0 : null;
  }
  const text = cellValue(raw);
  if (text === null) return 0;
  let value = text.replace(/\s+/g, '').replace(/\u2212/g, '-');
  let negative = false;
  const parens = /^\((.*)\)$/.exec(value);
  if (parens !== null) {
    negative = true;
    value = parens[1] ?? '';
  }
  value = value.replace(/^(rp\.?|idr)/i, '');
  if (value.startsWith('-') || value.startsWith('+')) {
    if (value.startsWith('-')) negative = !negative;
    value = value.slice(1).replace(/^(rp\.?|idr)/i, '');
  }
  let amount: number | null;
  if (EXPONENT.test(value)) amount = Number(value);
  else if (ENGLISH_GROUPS.test(value)) amount = Number(value.replace(/,/g, ''));
  else amount = amountValue(value);
  if (amount === null || !Number.isFinite(amount)) return null;
  const sen = Math.round(amount * 100);
  if (!Number.isSafeInteger(sen)) return null;
  return negative && sen !== 0 ? -sen : sen;
}

// Excel counts days from 1899-12-30 (its 1900 leap-year bug folded in); 25569 is 1970-01-01.
const EXCEL_UNIX_DAY = 25569;
const DAY_MS = 86_400_000;
// Serial numbers of the years a settlement can have (1954-2173); other numbers are no date.
const SERIAL_MIN = 20_000;
const SERIAL_MAX = 100_000;
const DATE_TIME =
  /^(?:(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})|(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}))[T ,]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

const pad = (value: number | string, size = 2) => String(value).padStart(size, '0');

function zoneText(offsetMinutes: number): string {
  const size = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/**
 * A release date as the shop's calendar day (YYYY-MM-DD): the files' forms (dateValue), an Excel
 * serial number, and a time written in UTC ('Order settled time(UTC)', `offsetMinutes`) moved
 * to the shop's zone. undefined when the cell is empty, null when it holds no date.
 */
export function settlementDate(
  raw: string | undefined,
  timeZone: string,
  offsetMinutes: number | null,
): string | null | undefined {
  const text = cellValue(raw);
  if (text === null) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const serial = Number(text);
    if (serial < SERIAL_MIN || serial >= SERIAL_MAX) return null;
    const wholeDay = Number.isInteger(serial) || offsetMinutes === null;
    const instant = new Date(
      Math.round(((wholeDay ? Math.floor(serial) : serial) - EXCEL_UNIX_DAY) * DAY_MS),
    );
    const iso = instant.toISOString().slice(0, 19);
    return wholeDay
      ? dateValue(iso.slice(0, 10), timeZone)
      : dateValue(`${iso}${zoneText(offsetMinutes)}`, timeZone);
  }
  if (offsetMinutes !== null) {
    const timed = DATE_TIME.exec(text);
    if (timed !== null) {
      const [year, month, day] =
        timed[1] !== undefined ? [timed[1], timed[2], timed[3]] : [timed[6], timed[5], timed[4]];
      return dateValue(
        `${year}-${pad(month ?? '')}-${pad(day ?? '')}T${pad(timed[7] ?? '')}:${timed[8]}:${
          timed[9] ?? '00'
        }${zoneText(offsetMinutes)}`,
        timeZone,
      );
    }
  }
  return dateValue(text, timeZone);
}

/** A cell's text cut for a message. */
export function cut(text: string, size = MAX_LABEL): string {
  return text.length > size ? `${text.slice(0, size - 1)}…` : text;
}

/** Where each kind of file a seller downloads is imported, for a file uploaded to another import. */
const IMPORTED_AT = {
  pesanan: 'Pesanan Marketplace',
  penghasilan: 'Penghasilan Marketplace',
} as const;

/** A file of another kind uploaded to an import (`wanted` names the import's own files). */
export function wrongFileMessage(
  kind: keyof typeof IMPORTED_AT,
  name: string,
  wanted: string,
): string {
  return `Ini file ${kind} ${name}, bukan file ${wanted}. Impor file ${kind} di ${IMPORTED_AT[kind]}`;
}

/** The problems of a file's columns and cells, in the words of both money files' messages. */
export const CELL_MESSAGES = {
  missingColumns: (file: string, columns: readonly string[]) =>
    `Kolom wajib tidak ditemukan di file ${file}: ${columns.join(', ')}`,
  missing: (label: string) => `${label} kosong`,
  notNumber: (label: string, value: string) => `${label} bukan angka: '${value}'`,
  badDate: (label: string, value: string) => `${label} bukan tanggal: '${value}'`,
  lostDigits: (label: string, value: string) =>
    `${label} (${value}) sudah diubah menjadi angka oleh program spreadsheet sehingga digit terakhirnya hilang. Unduh ulang file dari marketplace dan unggah tanpa membukanya di Excel`,
} as const;
