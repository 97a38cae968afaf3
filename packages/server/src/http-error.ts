/** An expected failure with its status code and the Indonesian message the client shows. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const MSG_SERVER_ERROR = 'Terjadi kesalahan pada server';
export const MSG_ENDPOINT_NOT_FOUND = 'Endpoint tidak ditemukan';
export const MSG_UNAUTHENTICATED = 'Token tidak ditemukan. Silakan login terlebih dahulu.';
export const MSG_TOKEN_INVALID = 'Token tidak valid. Silakan login kembali.';
export const MSG_TOKEN_EXPIRED = 'Sesi telah berakhir. Silakan login kembali.';
export const MSG_FORBIDDEN = 'Anda tidak memiliki akses ke fitur ini';
