// A file uploaded to the order import (Pesanan Marketplace) that belongs to another import, an
// income file or a return file, is said as what it is rather than as the order columns it lacks
// (QA walks L and M: the income and return imports already name an order export). It lives above
// the modules, and app.ts hands it to the order import's routes, because it knows all three
// imports' formats: the income and return modules build on the marketplace module, never the
// reverse (scripts/eslint-boundaries.mjs). The file is read again in the spreadsheet worker (a
// job, like the income and return imports' own), only after the order import refused it.
import {
  DEFAULT_LIMITS,
  orderExportName,
  runSheetJob as runInWorker,
  type SheetJobRequest,
  type SheetTools,
} from './modules/marketplace/service';
import { returnFileName } from './modules/marketplace-returns/service';
import { incomeFileName, wrongFileMessage } from './modules/settlements/service';

export const OTHER_IMPORT_MESSAGES = {
  incomeFile: (name: string) => wrongFileMessage('penghasilan', name, 'pesanan'),
  returnFile: (name: string) =>
    `Ini file ${name}, bukan file pesanan. Impor file pengembalian, pengiriman gagal, atau pembatalan di Retur, tab Dari Marketplace`,
} as const;

/**
 * The worker's side (SheetJob): the message naming the import the file belongs to, or null (an
 * order export, whose own refusal says more, or a file of no import's format).
 */
export function runSheetJob(request: SheetJobRequest, tools: SheetTools): string | null {
  const read = tools.readFile(request.file, request.limits);
  if (!read.ok || orderExportName(read.sheets) !== null) return null;
  const income = incomeFileName(read.sheets);
  if (income !== null) return OTHER_IMPORT_MESSAGES.incomeFile(income);
  const returns = returnFileName(read.sheets);
  return returns === null ? null : OTHER_IMPORT_MESSAGES.returnFile(returns);
}

/** For a file the order import refused: which other import it belongs to, said, or null. */
export async function otherImportMessage(file: Uint8Array): Promise<string | null> {
  const answer = await runInWorker<string | null>(__filename, file, DEFAULT_LIMITS, null);
  return typeof answer === 'string' ? answer : null;
}
