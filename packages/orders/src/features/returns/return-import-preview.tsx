import type { ReturnImport, ReturnPreviewRow } from '@gudang/api-client/contract';
import {
  CellLines,
  CellNote,
  FileImportPreview,
  Unbroken,
  formatDate,
  formatInteger,
  importStateColumn,
  numberColumn,
  previewCounts,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import {
  BOARD_TEXTS,
  IMPORT_STATE_LABELS,
  IMPORT_STATE_TONES,
  RETURN_IMPORT_TEXTS,
  rupiah,
} from './marketplace-returns-texts';
import { ReturnGoodsCell, ReturnTypeCell } from './return-cells';

const ROW_COLUMNS: TableColumn<ReturnPreviewRow>[] = [
  numberColumn('row', RETURN_IMPORT_TEXTS.row, (row) => formatInteger(row.row)),
  {
    key: 'order_number',
    header: BOARD_TEXTS.order,
    render: (row) => (
      <CellLines>
        <Unbroken>{row.order_number}</Unbroken>
        {row.return_number ? (
          <CellNote>{BOARD_TEXTS.returnNumber(row.return_number)}</CellNote>
        ) : null}
        {row.requested_at ? <CellNote>{formatDate(row.requested_at)}</CellNote> : null}
      </CellLines>
    ),
  },
  {
    key: 'type',
    header: BOARD_TEXTS.type,
    render: (row) => <ReturnTypeCell row={row} />,
  },
  {
    key: 'product',
    header: BOARD_TEXTS.product,
    // The order number beside it is long and unbroken: the name keeps a share of the width.
    width: '22%',
    render: (row) => <ReturnGoodsCell row={row} />,
  },
  numberColumn('refund_amount', BOARD_TEXTS.refund, (row) => rupiah(row.refund_amount)),
  {
    key: 'return_tracking',
    header: BOARD_TEXTS.returnTracking,
    render: (row) => (
      <CellLines>
        <Unbroken>{row.return_tracking ?? '-'}</Unbroken>
        {row.claim_deadline ? (
          <CellNote>
            {BOARD_TEXTS.claimDeadline} {formatDate(row.claim_deadline)}
          </CellNote>
        ) : null}
      </CellLines>
    ),
  },
  importStateColumn(RETURN_IMPORT_TEXTS, IMPORT_STATE_LABELS, IMPORT_STATE_TONES),
];

/**
 * An uploaded return file: its counts (new, changed, 'Sudah ada', matched to an imported order,
 * rows that cannot be read), its first requests, and the rows that cannot be read with their
 * row number and why.
 */
export function ReturnImportPreview({ preview }: { preview: ReturnImport }) {
  const { counts } = preview;
  return (
    <FileImportPreview
      texts={RETURN_IMPORT_TEXTS}
      counts={previewCounts(
        RETURN_IMPORT_TEXTS,
        counts,
        ['rows', 'new', 'changed', 'already', 'matched', 'unmatched', 'problems'],
        ['unmatched', 'problems'],
      )}
      label={RETURN_IMPORT_TEXTS.rowsTable}
      columns={ROW_COLUMNS}
      rows={preview.rows}
      rowKey="row"
      emptyText={RETURN_IMPORT_TEXTS.noRows}
      total={counts.rows}
      firstRows={RETURN_IMPORT_TEXTS.firstRows}
      problems={preview.problems}
      problemTotal={counts.problems}
    />
  );
}
