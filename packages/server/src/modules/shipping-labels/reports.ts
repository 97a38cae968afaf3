// The report of a label file (shipping_label_reports, migration 0041): kept when the PDF is
// written, read by GET /api/shipping-labels/{id}/report, removed after 7 days.
import {
  SHIPPING_LABEL_REPORT_KEEP_DAYS,
  type ShippingLabelMissingOrder,
  type ShippingLabelMode,
  type ShippingLabelReport,
  type ShippingLabelUnmatchedPage,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { toNumber } from '../../lib/numbers';
import { jsonColumn } from '../../lib/json-column';

export interface NewReport {
  fileName: string;
  mode: ShippingLabelMode;
  batchId: number | null;
  pages: number;
  outputPages: number;
  matched: number;
  unmatched: ShippingLabelUnmatchedPage[];
  slipped: number[];
  shortened: number[];
  missing: ShippingLabelMissingOrder[];
}

/** Keeps the report (and removes those past their days); answers its id. */
export async function saveReport(db: Db, report: NewReport, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from shipping_label_reports
      where created_at < now() - make_interval(days => ${SHIPPING_LABEL_REPORT_KEEP_DAYS})`);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into shipping_label_reports (file_name, mode, batch_id, pages, output_pages, matched,
                                          unmatched, slipped, shortened, missing, created_by)
      values (${report.fileName}, ${report.mode}, ${report.batchId}, ${report.pages},
              ${report.outputPages}, ${report.matched}, ${JSON.stringify(report.unmatched)}::jsonb,
              ${JSON.stringify(report.slipped)}::jsonb, ${JSON.stringify(report.shortened)}::jsonb,
              ${JSON.stringify(report.missing)}::jsonb, ${userId})
      returning id`);
    const inserted = rows[0];
    if (inserted === undefined) throw new Error('the report insert returned no row');
    return toNumber(inserted.id);
  });
}

type ReportRow = {
  id: number;
  file_name: string;
  mode: ShippingLabelMode;
  batch_id: number | null;
  pages: number;
  output_pages: number;
  matched: number;
  unmatched: ShippingLabelUnmatchedPage[] | string;
  slipped: number[] | string;
  shortened: number[] | string;
  missing: ShippingLabelMissingOrder[] | string;
  created_at: Date | string;
};

export async function getReport(db: DbOrTx, id: number): Promise<ShippingLabelReport | null> {
  const { rows } = await db.execute<ReportRow>(sql`
    select id, file_name, mode, batch_id, pages, output_pages, matched, unmatched, slipped,
           shortened, missing, created_at
      from shipping_label_reports
     where id = ${id}
       and created_at >= now() - make_interval(days => ${SHIPPING_LABEL_REPORT_KEEP_DAYS})`);
  const row = rows[0];
  if (row === undefined) return null;
  return {
    id: toNumber(row.id),
    file_name: row.file_name,
    mode: row.mode,
    batch_id: row.batch_id === null ? null : toNumber(row.batch_id),
    pages: toNumber(row.pages),
    output_pages: toNumber(row.output_pages),
    matched: toNumber(row.matched),
    unmatched: jsonColumn(row.unmatched),
    slipped: jsonColumn(row.slipped),
    shortened: jsonColumn(row.shortened),
    missing: jsonColumn(row.missing),
    created_at: new Date(row.created_at).toISOString(),
  };
}
