// Reading a multipart upload: one file (part `file`) and a few short text fields, within the
// limits and with the messages the calling route gives. Every failure is a clear Indonesian 4xx,
// never a 500.
import path from 'node:path';
import type {} from '@fastify/multipart';
import { MESSAGES } from '@gudang/api-client/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';

/** The limits given to @fastify/multipart (busboy) for one route's uploads. */
export interface UploadLimits {
  /** The file's largest size in bytes. */
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize: number;
  fieldNameSize: number;
  headerPairs: number;
}

/** The limits and messages of one kind of upload. */
export interface UploadRules {
  limits: UploadLimits;
  messages: { fileRequired: string; badUpload: string; tooLarge: string };
}

/** A body this large cannot hold a file within the limit (the parts' headers included). */
export const uploadBodyLimit = (rules: UploadRules): number => rules.limits.fileSize + 1024 * 1024;

export interface Upload {
  file: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * The file's own name, without folders, control or format characters or half of a surrogate pair
 * (no text, and PostgreSQL refuses it); a default when it has none.
 */
function cleanName(name: string | undefined, fallback: string): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Cs}"]/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? fallback : cleaned;
}

function uploadError(error: unknown, messages: UploadRules['messages']): HttpError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.tooLarge);
  return new HttpError(400, messages.badUpload);
}

/** The uploaded file and text fields, or a 4xx HttpError. */
export async function readUpload(
  request: FastifyRequest,
  fallbackName: string,
  rules: UploadRules,
): Promise<Upload> {
  const { limits, messages } = rules;
  if (!request.isMultipart()) throw new HttpError(400, messages.fileRequired);
  const fields: Record<string, string> = {};
  let upload: { file: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        // Read (or drain) every file part so that the request ends cleanly.
        const file = await part.toBuffer();
        if (part.fieldname !== 'file' || upload !== null)
          throw new HttpError(400, messages.badUpload);
        upload = { file, fileName: cleanName(part.filename, fallbackName) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw uploadError(error, messages);
  }
  if (upload === null) throw new HttpError(400, messages.fileRequired);
  // A file was chosen but holds nothing: the same message whatever the route.
  if (upload.file.length === 0) throw new HttpError(400, MESSAGES.fileEmpty);
  return { ...upload, fields };
}
