import { VALIDATION_MESSAGES } from '@gudang/api-client';
import { firstUse } from './first-use';

// Reading numbers the way an Indonesian user types them: '.' groups thousands ('1.000' is one
// thousand) and ',' separates decimals ('1.250.000,50'). Anything else is refused, never guessed:
// a form must not save a different number from the one on the screen.

/**
 * Why a typed number was refused. 'decimalPoint': an amount with a dot where Indonesian writes a
 * decimal comma ('12.5'), told apart so the message can say so.
 */
export type NumberInputProblem = 'empty' | 'format' | 'decimalPoint' | 'belowMin' | 'aboveMax';

export type NumberInputResult =
  { ok: true; value: number } | { ok: false; problem: NumberInputProblem };

export interface NumberBounds {
  /** Smallest accepted value (default 0). */
  min?: number;
  /** Largest accepted value (default Number.MAX_SAFE_INTEGER). */
  max?: number;
}

// Plain digits, or digits grouped by '.' in threes ('12.345.678'); a leading zero group is fine.
const INTEGER = /^(\d+|\d{1,3}(\.\d{3})+)$/;
// The same whole part, then at most two decimals after ','.
const MONEY = /^(\d+|\d{1,3}(\.\d{3})+)(,\d{1,2})?$/;
// A dot followed by one or two digits at the end, and no grouping: '12.5', '1500.75'.
const DECIMAL_POINT = /^\d+\.\d{1,2}$/;
// A well-formed number with a minus sign: refused as below the minimum, not as a typo.
const NEGATIVE = /^-\s*\d/;
// Longer digit strings than this are out of any bound we use, and past exact doubles.
const MAX_DIGITS = 15;

function checkBounds(value: number, { min = 0, max = Number.MAX_SAFE_INTEGER }: NumberBounds) {
  if (value < min) return { ok: false, problem: 'belowMin' } as const;
  if (value > max) return { ok: false, problem: 'aboveMax' } as const;
  return { ok: true, value } as const;
}

/**
 * A whole number typed as digits, optionally with '.' thousands separators: '1000' and '1.000'
 * are 1000, '12.345.678' is 12345678; '2.5', '2,5', '12e', '+3' and '1 000' are refused.
 */
export function parseIntegerInput(text: string, bounds: NumberBounds = {}): NumberInputResult {
  const typed = text.trim();
  if (typed === '') return { ok: false, problem: 'empty' };
  if (NEGATIVE.test(typed)) return { ok: false, problem: 'belowMin' };
  if (!INTEGER.test(typed)) return { ok: false, problem: 'format' };
  const digits = typed.replace(/\./g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { ok: false, problem: 'aboveMax' };
  return checkBounds(Number(digits), bounds);
}

/**
 * An amount of money in id-ID form: '1250000', '1.250.000', '1.250.000,50', '0,5'; an optional
 * 'Rp' in front (pasted from a formatted amount). At most two decimals; '12.5' (a dot that does
 * not group thousands) and '1,234' are refused.
 */
export function parseMoneyInput(text: string, bounds: NumberBounds = {}): NumberInputResult {
  const typed = text
    .trim()
    .replace(/^rp\.?\s*/i, '')
    .trim();
  if (typed === '') return { ok: false, problem: 'empty' };
  if (NEGATIVE.test(typed)) return { ok: false, problem: 'belowMin' };
  if (DECIMAL_POINT.test(typed)) return { ok: false, problem: 'decimalPoint' };
  if (!MONEY.test(typed)) return { ok: false, problem: 'format' };
  const [whole = '', cents = ''] = typed.split(',');
  const digits = whole.replace(/\./g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS - 2) return { ok: false, problem: 'aboveMax' };
  // The decimal text read once: the nearest double to exactly what was typed.
  const value = Number(`${digits}.${cents.padEnd(2, '0')}`);
  return checkBounds(value, bounds);
}

const integerFormat = firstUse(() => new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }));
const moneyFormat = firstUse(
  () =>
    new Intl.NumberFormat('id-ID', {
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }),
);

/** 1250000 -> '1.250.000': how a stored whole number is shown in a number field. */
export function formatIntegerInput(value: number): string {
  return integerFormat().format(value);
}

/** 1250000.5 -> '1.250.000,50', 1250000 -> '1.250.000': a stored amount in a money field. */
export function formatMoneyInput(value: number): string {
  const text = moneyFormat().format(value);
  return /,\d$/.test(text) ? `${text}0` : text;
}

export interface NumberMessageOptions extends NumberBounds {
  /** The field's label as the user sees it ('Jumlah', 'Stok Awal'). */
  label: string;
}

const FIELD_REQUIRED = 'Wajib diisi';

export const NUMBER_INPUT_TEXTS = {
  /** '12.5' typed in a money field, where the comma is the decimal sign. */
  decimalComma: (label: string) =>
    `${label}: pakai koma untuk desimal, misalnya 12,5 (titik adalah pemisah ribuan)`,
} as const;

/**
 * The Indonesian message for a refused whole number, naming the field: the server's wording
 * (VALIDATION_MESSAGES), and docs/product.md's 'Jumlah harus lebih dari 0' for an empty or zero quantity.
 */
export function integerInputMessage(
  problem: NumberInputProblem,
  { label, min = 0, max = Number.MAX_SAFE_INTEGER }: NumberMessageOptions,
): string {
  switch (problem) {
    case 'format':
    case 'decimalPoint':
      return VALIDATION_MESSAGES.integer(label, min);
    case 'aboveMax':
      return VALIDATION_MESSAGES.atMost(label, max);
    case 'empty':
      return min === 1 ? VALIDATION_MESSAGES.positive(label) : FIELD_REQUIRED;
    case 'belowMin':
      if (min === 1) return VALIDATION_MESSAGES.positive(label);
      return min <= 0
        ? VALIDATION_MESSAGES.integer(label, min)
        : VALIDATION_MESSAGES.atLeast(label, min);
  }
}

/** The Indonesian message for a refused amount of money, naming the field. */
export function moneyInputMessage(
  problem: NumberInputProblem,
  { label, min = 0, max = Number.MAX_SAFE_INTEGER }: NumberMessageOptions,
): string {
  switch (problem) {
    case 'format':
      return VALIDATION_MESSAGES.money(label);
    case 'decimalPoint':
      return NUMBER_INPUT_TEXTS.decimalComma(label);
    case 'aboveMax':
      return VALIDATION_MESSAGES.atMost(label, max);
    case 'empty':
      return FIELD_REQUIRED;
    case 'belowMin':
      return min <= 0 ? VALIDATION_MESSAGES.money(label) : VALIDATION_MESSAGES.atLeast(label, min);
  }
}

type ReadInput = { value: number; error?: undefined } | { value?: undefined; error: string };

/** Reads a typed number with a parser and says a refusal with its messages. */
const inputReader =
  (
    parse: (text: string, bounds: NumberBounds) => NumberInputResult,
    message: (problem: NumberInputProblem, options: NumberMessageOptions) => string,
  ) =>
  (text: string, options: NumberMessageOptions): ReadInput => {
    const result = parse(text, options);
    return result.ok ? { value: result.value } : { error: message(result.problem, options) };
  };

/** A typed whole number read with its bounds: the value, or the message to show. */
export const readIntegerInput = inputReader(parseIntegerInput, integerInputMessage);

/**
 * A whole number that must be typed (a setting): empty says '<label> wajib diisi' whatever the
 * bounds, else as readIntegerInput.
 */
export function readRequiredIntegerInput(text: string, options: NumberMessageOptions): ReadInput {
  return text.trim() === ''
    ? { error: VALIDATION_MESSAGES.required(options.label) }
    : readIntegerInput(text, options);
}

/** A typed amount of money read with its bounds: the value, or the message to show. */
export const readMoneyInput = inputReader(parseMoneyInput, moneyInputMessage);
