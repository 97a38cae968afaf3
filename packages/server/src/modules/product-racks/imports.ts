// Rak from a file in two steps, as the order import: the rows read are kept as a preview (no
// product changes), each row's state computed against the products on every read; the commit
// sets every rack in one statement with its IMPORT_RACKS entry, in one transaction, once.
import {
  RACK_MESSAGES,
  type RackImport,
  type RackImportResult,
  type RackImportRow,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { logCount } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import { Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { jsonColumn } from '../../lib/json-column';
import { keepPreview } from '../../lib/two-step-import';
import type { ParsedRackRow } from './parse-racks';

const PREVIEWS = { table: 'rack_imports' };

type PreviewRow = {
  id: number;
  file_name: string;
  rows: ParsedRackRow[] | string;
  committed_at: unknown;
  created_by: number | null;
};

const rowsOf = (row: PreviewRow): ParsedRackRow[] => jsonColumn(row.rows);

/** The rows with their states, against the products as they are now (one statement). */
async function rowsWithStates(
  db: DbOrTx,
  parsed: readonly ParsedRackRow[],
): Promise<RackImportRow[]> {
  const codes = [...new Set(parsed.map((r) => r.product_code).filter((code) => code !== ''))];
  const { rows } = await db.execute<{ code: string; name: string; rack: string | null }>(sql`
    select c.code, p.name, p.rack
      from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as c(code)
      join products p on lower(p.code) = lower(c.code)`);
  const products = new Map(rows.map((row) => [row.code.toLowerCase(), row]));
  return parsed.map((row): RackImportRow => {
    const product = products.get(row.product_code.toLowerCase());
    const base = {
      row: row.row,
      product_code: row.product_code,
      product_name: product?.name ?? '',
      current_rack: product?.rack ?? null,
      rack: row.rack,
    };
    if (row.problem !== null) return { ...base, state: 'invalid', problem: row.problem };
    if (product === undefined)
      return {
        ...base,
        state: 'unknown_product',
        problem: RACK_MESSAGES.unknownProduct(row.product_code, row.row),
      };
    return { ...base, state: product.rack === row.rack ? 'unchanged' : 'update', problem: null };
  });
}

function previewOf(row: PreviewRow, rows: RackImportRow[]): RackImport {
  const summary = { total: rows.length, update: 0, unchanged: 0, unknown_product: 0, invalid: 0 };
  for (const r of rows) summary[r.state] += 1;
  return {
    id: toNumber(row.id),
    file_name: row.file_name,
    committed: row.committed_at !== null,
    rows,
    summary,
  };
}

/** Keeps the rows as a preview (expired ones and the uploader's oldest beyond 20 removed). */
export async function createRackPreview(
  db: Db,
  preview: { fileName: string; rows: ParsedRackRow[] },
  actor: ActivityActor,
): Promise<RackImport> {
  return keepPreview(db, PREVIEWS, actor.id, {
    insert: (tx) =>
      tx.execute<{ id: number }>(sql`
        insert into rack_imports (file_name, rows, created_by)
        values (${preview.fileName}, ${JSON.stringify(preview.rows)}::jsonb, ${actor.id})
        returning id`),
    read: async (reader, id) =>
      previewOf(
        {
          id,
          file_name: preview.fileName,
          rows: preview.rows,
          committed_at: null,
          created_by: actor.id,
        },
        await rowsWithStates(reader, preview.rows),
      ),
  });
}

export async function getRackPreview(db: DbOrTx, id: number): Promise<RackImport | null> {
  const { rows } = await db.execute<PreviewRow>(sql`
    select id, file_name, rows, committed_at, created_by from rack_imports where id = ${id}`);
  const row = rows[0];
  return row === undefined ? null : previewOf(row, await rowsWithStates(db, rowsOf(row)));
}

export type RackCommitOutcome =
  { ok: true; value: RackImportResult } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Commits a preview: every 'update' row's rack set (null clears), in one statement, and the
 * IMPORT_RACKS entry; all or nothing, once, by its uploader. With problem rows (unknown product,
 * invalid) and without skipProblems, nothing is written (409).
 */
export async function commitRackPreview(
  db: Db,
  id: number,
  skipProblems: boolean,
  actor: ActivityActor,
): Promise<RackCommitOutcome> {
  const result: Result<RackCommitOutcome> = await inTransaction(db, async (tx) => {
    // The row lock makes a second, simultaneous commit wait and then find it committed.
    const { rows } = await tx.execute<PreviewRow>(sql`
      select id, file_name, rows, committed_at, created_by from rack_imports
       where id = ${id} for update`);
    const row = rows[0];
    if (row === undefined) throw new Refusal(404, RACK_MESSAGES.importNotFound);
    if (row.created_by === null || toNumber(row.created_by) !== actor.id)
      return { ok: false, status: 403, message: RACK_MESSAGES.notUploader } as const;
    if (row.committed_at !== null)
      return { ok: false, status: 409, message: RACK_MESSAGES.alreadyCommitted } as const;
    const states = await rowsWithStates(tx, rowsOf(row));
    const problems = states.filter((r) => r.state === 'invalid' || r.state === 'unknown_product');
    if (problems.length > 0 && !skipProblems)
      return {
        ok: false,
        status: 409,
        message: RACK_MESSAGES.hasProblems(problems.length),
      } as const;
    // Each code once (a code given the same rack twice is one change).
    const changes = [
      ...new Map(
        states
          .filter((r) => r.state === 'update')
          .map((r) => [r.product_code.toLowerCase(), { code: r.product_code, rack: r.rack }]),
      ).values(),
    ];
    const { rows: changed } = await tx.execute<{ rack: string | null }>(sql`
      update products p set rack = x.rack, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as x(code text, rack text)
       where lower(p.code) = lower(x.code) and p.rack is distinct from x.rack
      returning p.rack`);
    await tx.execute(sql`update rack_imports set committed_at = now() where id = ${id}`);
    const cleared = changed.filter((r) => r.rack === null).length;
    const value: RackImportResult = {
      message: RACK_MESSAGES.imported(changed.length),
      updated: changed.length - cleared,
      cleared,
      unchanged: states.filter((r) => r.state === 'unchanged').length,
      skipped: problems.length,
    };
    await logActivity(tx, {
      action: 'IMPORT_RACKS',
      user: actor,
      details:
        `Impor rak dari file ${row.file_name}: ${logCount(value.updated)} produk diatur, ` +
        `${logCount(value.cleared)} dikosongkan, ${logCount(value.unchanged)} tidak berubah, ` +
        `${logCount(value.skipped)} baris dilewati`,
    });
    return { ok: true, value } as const;
  });
  if (!result.ok) return { ok: false, status: 404, message: result.message };
  return result.value;
}
