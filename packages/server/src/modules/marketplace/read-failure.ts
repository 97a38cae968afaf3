import { MARKETPLACE_MAX_ROWS, MARKETPLACE_MESSAGES } from '@gudang/api-client/contract';
import type { ReadFailure } from './sheet-types';

/**
 * The Indonesian answer to a file the worker would not read; `tooManyRows`: the upload's own
 * row limit's message (an order file's by default).
 */
export function readFailureMessage(
  reason: ReadFailure,
  tooManyRows: string = MARKETPLACE_MESSAGES.tooManyRows(MARKETPLACE_MAX_ROWS),
): string {
  switch (reason) {
    case 'not_spreadsheet':
      return MARKETPLACE_MESSAGES.notSpreadsheet;
    case 'too_many_rows':
      return tooManyRows;
    case 'inflates':
      return MARKETPLACE_MESSAGES.inflatesTooMuch;
    case 'too_much_text':
      return MARKETPLACE_MESSAGES.tooMuchText;
    case 'preview_too_large':
      return MARKETPLACE_MESSAGES.previewTooLarge;
  }
}
