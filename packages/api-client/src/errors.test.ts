import { errorMessage, errorStatus } from './errors';

describe('errorMessage', () => {
  test("returns the server's message", () => {
    expect(
      errorMessage({ status: 409, data: { message: 'Kode barang sudah digunakan' } }, 'x'),
    ).toBe('Kode barang sudah digunakan');
  });

  test('falls back without a usable message', () => {
    expect(errorMessage({ status: 500, data: {} }, 'Gagal menyimpan produk')).toBe(
      'Gagal menyimpan produk',
    );
    expect(errorMessage({ status: 500, data: { message: '  ' } }, 'fallback')).toBe('fallback');
    expect(errorMessage({ status: 500, data: 'Internal' }, 'fallback')).toBe('fallback');
    expect(errorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, 'fallback')).toBe(
      'fallback',
    );
    expect(errorMessage({ name: 'Error', message: 'Rejected' }, 'fallback')).toBe('fallback');
    expect(errorMessage(undefined, 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });
});

test('errorStatus gives the HTTP status only', () => {
  expect(errorStatus({ status: 403, data: { message: 'x' } })).toBe(403);
  expect(errorStatus({ status: 'FETCH_ERROR', error: 'x' })).toBeUndefined();
  expect(errorStatus(null)).toBeUndefined();
});
