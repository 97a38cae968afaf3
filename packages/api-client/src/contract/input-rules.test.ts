import {
  hasMoneyPrecision,
  isCalendarDate,
  isPrintableAscii,
  numberFromInput,
  textProblem,
} from './input-rules';

describe('numberFromInput', () => {
  it.each([
    [5, 5],
    [0, 0],
    ['5', 5],
    ['12', 12],
    ['007', 7],
    ['1000000', 1_000_000],
  ])('reads %j as the integer %j', (value, expected) => {
    expect(numberFromInput(value, 'integer')).toBe(expected);
  });

  it.each(['0x10', '1e3', '-1', '+1', '1.5', '1,5', '1.000', ' 5', '5 ', '', '1abc', 'abc'])(
    'refuses the text %j as an integer',
    (value) => {
      expect(numberFromInput(value, 'integer')).toBeUndefined();
    },
  );

  it.each([true, false, null, undefined, [2], { n: 2 }, Number.NaN, Infinity])(
    'refuses %j, which is no number at all',
    (value) => {
      expect(numberFromInput(value, 'integer')).toBeUndefined();
    },
  );

  it.each([
    ['15000', 15000],
    ['15000.5', 15000.5],
    ['15000.55', 15000.55],
    ['0.01', 0.01],
  ])('reads the money text %j as %j', (value, expected) => {
    expect(numberFromInput(value, 'money')).toBe(expected);
  });

  it.each(['15000.555', '.5', '5.', '1e2', '-1', '15.000,00', 'Rp 5'])(
    'refuses the money text %j',
    (value) => {
      expect(numberFromInput(value, 'money')).toBeUndefined();
    },
  );
});

describe('hasMoneyPrecision', () => {
  it.each([0, 1, 19.99, 0.1, 999_999_999_999.99])('accepts %j', (value) => {
    expect(hasMoneyPrecision(value)).toBe(true);
  });
  it.each([1.005, 0.001, 19.999])('refuses %j', (value) => {
    expect(hasMoneyPrecision(value)).toBe(false);
  });
});

describe('textProblem', () => {
  it.each(['Kaos Polos', 'Ünïcödé 👕', 'JP9613431142', 'a\u200bb', '  padded  '])(
    'accepts %j',
    (value) => {
      expect(textProblem(value)).toBeNull();
    },
  );

  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007'],
    ['escape', '\u001b[31m'],
    ['DEL', 'a\u007f'],
    ['C1 control', 'a\u0085'],
    ['line feed', 'a\nb'],
    ['tab', 'a\tb'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone low surrogate', '\udc00'],
    ['replacement character (bytes that were not UTF-8)', 'ab\ufffdc'],
    ['right-to-left override', 'RESI\u202e123'],
    ['left-to-right embedding', '\u202aKaos'],
    ['pop directional formatting', 'Kaos\u202c'],
    ['left-to-right override', 'a\u202db'],
    ['first strong isolate', 'a\u2068b\u2069'],
    ['right-to-left isolate', '\u2067a'],
  ])('refuses a single-line value with a %s', (_name, value) => {
    expect(textProblem(value)).toBe('characters');
  });

  it('lets a multi-line field have tabs and line breaks, but no other control character', () => {
    expect(textProblem('Pecah\r\n\tkardus basah', true)).toBeNull();
    expect(textProblem('Pecah\u0000', true)).toBe('characters');
    expect(textProblem('Pecah\u000b', true)).toBe('characters');
  });

  it.each(['', '   ', '\u00a0', '\u3000', '\ufeff'])('calls %j blank', (value) => {
    expect(textProblem(value)).toBe('blank');
  });

  it.each(['\u200b', '\u200b\u200c\u200d', ' \u2060 ', '\u3164', '\u2800', '\u00ad'])(
    'calls %j invisible',
    (value) => {
      expect(textProblem(value)).toBe('invisible');
    },
  );
});

describe('ascii text (a Barcode ID)', () => {
  it.each(['8991000167167', 'QA-001 / A_b.c', ' !~'])('accepts %j', (value) => {
    expect(textProblem(value, false, true)).toBeNull();
    expect(isPrintableAscii(value)).toBe(true);
  });
  it.each(['BC ÄÖ 123', 'Kaos 👕', 'a\u00a0b', 'é'])(
    'refuses %j, which CODE128 cannot draw',
    (value) => {
      expect(textProblem(value, false, true)).toBe('ascii');
      expect(isPrintableAscii(value)).toBe(false);
    },
  );
  it('accepts the same characters in a field that is not ascii', () => {
    expect(textProblem('BC ÄÖ 123')).toBeNull();
  });
  it('reports control characters and blanks before the ascii rule', () => {
    expect(textProblem('a\u0000', false, true)).toBe('characters');
    expect(textProblem('  ', false, true)).toBe('blank');
  });
});

describe('isCalendarDate', () => {
  it.each(['2026-11-22', '2024-02-29', '2000-01-01'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });
  it.each(['2026-02-29', '2026-02-30', '2026-13-01', '0000-01-01', '20-11-2026', '2026-1-1'])(
    'refuses %s',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});
