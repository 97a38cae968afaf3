// The rules every request field follows (docs/adr/0009-input-validation.md), as plain functions:
// the server's validation layer applies them, and a form may check the same before sending.

/** An integer sent as text: plain decimal digits, nothing else (no sign, point, exponent, hex). */
export const INTEGER_TEXT = /^\d+$/;
/** Money sent as text: plain decimal digits with at most two decimals after a point. */
export const MONEY_TEXT = /^\d+(?:\.\d{1,2})?$/;

/**
 * The number a JSON value stands for under the one number rule: a JSON number as it is, or a
 * string of plain digits (money: up to two decimals). Anything else (booleans, arrays, '',
 * '0x10', '1e3', '-1', ' 5') is not a number: undefined.
 */
export function numberFromInput(value: unknown, kind: 'integer' | 'money'): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  return (kind === 'integer' ? INTEGER_TEXT : MONEY_TEXT).test(value) ? Number(value) : undefined;
}

/** True when a money amount has at most two decimals (19.99 yes, 1.005 no). */
export function hasMoneyPrecision(value: number): boolean {
  return Math.abs(Math.round(value * 100) / 100 - value) < 1e-9;
}

// C0 and C1 control characters and DEL; a multi-line field allows tab, line feed and return.
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINES = /[^\P{Cc}\t\n\r]/u;
// Half of a surrogate pair without the other half: not text, and PostgreSQL refuses it.
const LONE_SURROGATE = /\p{Cs}/u;
// Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they make a
// resi, code or name read differently from what is stored ('Trojan Source'); no shop text needs them.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
// U+FFFD: what a decoder puts where the bytes were not UTF-8. Refused, so that text which did not
// arrive as UTF-8 is never stored with the original characters silently replaced.
const REPLACEMENT = /\ufffd/u;
// What CODE128 can draw: the printable ASCII characters, space to tilde.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const WHITESPACE_ONLY = /^\s*$/u;
// Nothing visible: white space, format characters (zero-width space, joiners, BOM, bidi marks)
// and the few letters that render as blanks (Hangul fillers, braille blank, CGJ).
const INVISIBLE_ONLY = /^[\s\p{Cf}\u034f\u115f\u1160\u2800\u3164\uffa0]*$/u;

export type TextProblem = 'characters' | 'blank' | 'invisible' | 'ascii';

/**
 * What is wrong with a text value, or null: 'characters' (a control character, or a line break
 * where the field is single-line, a lone surrogate, the replacement character U+FFFD that stands
 * for bytes that were not UTF-8, or a bidirectional override), 'blank' (empty or only spaces),
 * 'invisible' (nothing a person can see, e.g. only zero-width spaces), 'ascii' (an `ascii` field,
 * a Barcode ID, with a character CODE128 cannot draw).
 */
export function textProblem(value: string, multiline = false, ascii = false): TextProblem | null {
  if ((multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) return 'characters';
  if (LONE_SURROGATE.test(value) || REPLACEMENT.test(value)) return 'characters';
  if (BIDI_CONTROL.test(value)) return 'characters';
  if (WHITESPACE_ONLY.test(value)) return 'blank';
  if (INVISIBLE_ONLY.test(value)) return 'invisible';
  if (ascii && !PRINTABLE_ASCII.test(value)) return 'ascii';
  return null;
}

/** True when CODE128 can draw the text: printable ASCII only (space to tilde). */
export function isPrintableAscii(value: string): boolean {
  return PRINTABLE_ASCII.test(value);
}

/** A real calendar day in yyyy-mm-dd (2026-02-30 is not; there is no year 0). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}
