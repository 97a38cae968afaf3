import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MSG_SERVER_ERROR } from '../http-error';
import {
  PG_CHECK_VIOLATION,
  PG_DEADLOCK_DETECTED,
  PG_FOREIGN_KEY_VIOLATION,
  PG_RESTRICT_VIOLATION,
  PG_SERIALIZATION_FAILURE,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../db/errors';
import { MSG_RECORD_NOT_FOUND } from '../lib/result';
import { validationFailure } from './validation';

const CLIENT_ERROR_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Format JSON tidak valid' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Body JSON tidak boleh kosong' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Jenis konten tidak didukung; kirim application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Data yang dikirim terlalu besar' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Panjang konten tidak valid' },
};

const MSG_BUSY = 'Server sedang sibuk, tidak ada data yang tersimpan. Silakan coba lagi.';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Permintaan tidak valid',
  401: 'Silakan login terlebih dahulu',
  403: 'Anda tidak memiliki akses ke fitur ini',
  404: MSG_RECORD_NOT_FOUND,
  405: 'Metode tidak diizinkan',
  406: 'Format respons tidak didukung',
  409: 'Data bertentangan dengan data yang sudah ada',
  413: 'Data yang dikirim terlalu besar',
  415: 'Jenis konten tidak didukung',
  429: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
};

/** Database constraint violations that slipped past a service are the client's fault, not ours. */
const DATABASE_MESSAGES: Record<string, { status: number; message: string }> = {
  [PG_UNIQUE_VIOLATION]: { status: 409, message: 'Data sudah ada' },
  [PG_FOREIGN_KEY_VIOLATION]: { status: 409, message: 'Data masih digunakan oleh data lain' },
  [PG_RESTRICT_VIOLATION]: { status: 409, message: 'Data masih digunakan oleh data lain' },
  [PG_CHECK_VIOLATION]: { status: 400, message: 'Data tidak valid' },
  // Rolled back whole, nothing written, after the retries: the client may send it again.
  [PG_DEADLOCK_DETECTED]: { status: 503, message: MSG_BUSY },
  [PG_SERIALIZATION_FAILURE]: { status: 503, message: MSG_BUSY },
};

function errorHandlerPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const failure = validationFailure(error.validation, error.validationContext);
      return reply.code(failure.status).send({ message: failure.message });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    const known = CLIENT_ERROR_MESSAGES[error.code];
    if (known) return reply.code(known.status).send({ message: known.message });

    const dbError = DATABASE_MESSAGES[pgErrorCode(error) ?? ''];
    if (dbError) {
      request.log.warn({ err: error }, 'database constraint rejected the request');
      return reply.code(dbError.status).send({ message: dbError.message });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ message: STATUS_MESSAGES[status] ?? 'Permintaan tidak valid' });
    }
    request.log.error(
      { err: error, method: request.method, url: request.url, userId: request.user?.id ?? null },
      'unexpected error',
    );
    return reply.code(500).send({ message: MSG_SERVER_ERROR });
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler', fastify: '5.x' });
