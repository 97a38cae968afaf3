// The contract's messages are built when the module loads, on every page's start: no Intl there
// (a page's first Intl use costs the locale's data, issue 48), and the same texts as before.
import { wholeNumberId } from './constants';

describe('wholeNumberId', () => {
  it('writes a whole number as id-ID does', () => {
    for (const value of [0, 7, 30, 90, 999, 1000, 50_000, 300_000, 1_000_000, 123_456_789])
      expect(wholeNumberId(value)).toBe(value.toLocaleString('id-ID'));
  });

  it('refuses what is not a whole number (a fraction would need Intl)', () => {
    expect(() => wholeNumberId(2.5)).toThrow(RangeError);
  });
});

describe('loading api-client', () => {
  afterEach(() => jest.restoreAllMocks());

  it('formats no number with Intl', async () => {
    const toLocale = jest.spyOn(Number.prototype, 'toLocaleString');
    const numberFormat = jest.spyOn(Intl, 'NumberFormat');
    let rackMessages: { tooManyRows: string } | undefined;
    await jest.isolateModulesAsync(async () => {
      rackMessages = (await import('../index')).RACK_MESSAGES;
    });
    expect(rackMessages?.tooManyRows).toBe(
      'File berisi lebih dari 50.000 baris: bagi menjadi beberapa file',
    );
    expect(toLocale).not.toHaveBeenCalled();
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it('keeps the limits in the messages', async () => {
    const { MARKETPLACE_MESSAGES, SHIPPING_LABEL_MESSAGES } = await import('../index');
    const { MARKETPLACE_RETURN_MESSAGES } = await import('./marketplace-returns');
    const { SETTLEMENT_MESSAGES } = await import('./settlements');
    expect(MARKETPLACE_MESSAGES.tooMuchText).toBe(
      'File berisi lebih dari 30 juta karakter teks: file ditolak, bagi menjadi beberapa file',
    );
    expect(SHIPPING_LABEL_MESSAGES.tooManyPages).toBe(
      'File berisi lebih dari 1.000 halaman: bagi menjadi beberapa file',
    );
    expect(MARKETPLACE_RETURN_MESSAGES.tooManyRows).toBe(
      'File berisi lebih dari 50.000 baris: bagi menjadi beberapa file',
    );
    expect(SETTLEMENT_MESSAGES.tooManyRows).toBe(
      'File berisi lebih dari 300.000 baris: bagi menjadi beberapa file',
    );
    expect(SETTLEMENT_MESSAGES.tooMuchText).toBe(
      'File berisi lebih dari 90 juta karakter teks: file ditolak, bagi menjadi beberapa file',
    );
  });
});
