// Helpers of the marketplace tests: multipart uploads through inject, the fixture products and
// mappings, and the rows a refused request must leave as they were.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { authHeader } from '../../testing/test-app';
import { insertProduct, type TestServer } from '../../testing/fixtures';

// The hand-written xlsx of the hostile-file tests, for the other importers' tests (issue 41).
export { rawXlsx, type RawCell } from './fixtures/zip';

export interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
}

/** A multipart/form-data body of the parts. */
export function multipart(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----gudang${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function fixture(name: string): Buffer {
  return readFileSync(path.join(__dirname, 'fixtures', name));
}

/** POSTs a file (and fields) as the bearer of the token. */
export function upload(
  server: TestServer,
  url: string,
  token: string,
  file: { name: string; data: Buffer } | null,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file !== null) parts.push({ name: 'file', value: file.data, fileName: file.name });
  const body = multipart(parts);
  return server.app.inject({
    method: 'POST',
    url,
    headers: { ...authHeader(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The products of the fixtures and the bundle and combo mappings (for all channels). */
export async function seedCatalog(server: TestServer) {
  const kaos = await insertProduct(server.database, {
    stock: 50,
    code: 'KAOS-HITAM-M',
    name: 'Kaos Hitam M',
  });
  const putih = await insertProduct(server.database, {
    stock: 20,
    code: 'KAOS-PUTIH-L',
    name: 'Kaos Putih L',
  });
  const topi = await insertProduct(server.database, {
    stock: 7,
    code: 'TOPI-01',
    name: 'Topi Baseball Navy',
  });
  const put = async (body: Record<string, unknown>) => {
    const response = await server.call(
      'PUT',
      '/api/sku-mappings',
      server.actors.managerToken,
      body,
    );
    if (response.statusCode !== 200) throw new Error(`mapping: ${response.body}`);
  };
  await put({
    channel: null,
    sku: 'PKT-KAOS-3',
    variation: null,
    items: [{ product_code: 'KAOS-HITAM-M', quantity: 3 }],
  });
  await put({
    sku: 'COMBO-KAOS-TOPI',
    items: [
      { product_code: 'KAOS-HITAM-M', quantity: 1 },
      { product_code: 'TOPI-01', quantity: 1 },
    ],
  });
  return { kaos, putih, topi };
}

const MARKETPLACE_TABLES = [
  'marketplace_orders',
  'marketplace_order_lines',
  'marketplace_imports',
  'sku_mappings',
  'sku_mapping_items',
  'activity_logs',
  'products',
] as const;

/** Every row of the tables the marketplace routes write. */
export async function marketplaceRows(server: TestServer): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of MARKETPLACE_TABLES) {
    const { rows } = await server.database.db.execute<{ row: string }>(
      sql.raw(`select to_jsonb(t)::text as row from "${table}" t`),
    );
    result[table] = rows.map((row) => row.row).sort();
  }
  return result;
}
