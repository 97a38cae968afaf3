import type { SettlementImport, SettlementPreviewOrder } from '@gudang/api-client/contract';
import {
  CellLines,
  CellNote,
  FileImportPreview,
  Unbroken,
  formatDate,
  importStateColumn,
  numberColumn,
  previewCounts,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { rupiah } from '../pembukuan/money';
import { FeeList } from './fee-breakdown';
import { Difference } from './settlement-list';
import { IMPORT_TEXTS, SETTLEMENT_TEXTS } from './settlement-texts';

const ORDER_COLUMNS: TableColumn<SettlementPreviewOrder>[] = [
  {
    key: 'order_number',
    header: SETTLEMENT_TEXTS.orderNumber,
    render: (order) => (
      <CellLines>
        <Unbroken>{order.order_number}</Unbroken>
        <CellNote>{order.released_at ? formatDate(order.released_at) : '-'}</CellNote>
      </CellLines>
    ),
  },
  numberColumn('price', SETTLEMENT_TEXTS.price, (order) => rupiah(order.price)),
  {
    key: 'fees',
    header: SETTLEMENT_TEXTS.fees,
    width: '34%',
    render: (order) => <FeeList fees={order.fees} columns={order.fee_columns} showColumns />,
  },
  numberColumn('released', SETTLEMENT_TEXTS.released, (order) => rupiah(order.released)),
  numberColumn('difference', SETTLEMENT_TEXTS.difference, (order) => (
    <Difference value={order.difference} />
  )),
  importStateColumn(
    IMPORT_TEXTS,
    { baru: IMPORT_TEXTS.new, sudah_ada: IMPORT_TEXTS.already },
    { baru: 'green', sudah_ada: 'blue' },
  ),
];

/**
 * An uploaded income file: its counts ('Sudah ada', matched to an imported order, money that does
 * not add up, rows that cannot be read), its first orders with their breakdown, and the rows
 * that cannot be read with their row number and why.
 */
export function SettlementPreview({ preview }: { preview: SettlementImport }) {
  const { counts } = preview;
  return (
    <FileImportPreview
      texts={IMPORT_TEXTS}
      counts={previewCounts(
        IMPORT_TEXTS,
        counts,
        ['orders', 'already', 'matched', 'unmatched', 'not_packed', 'differences', 'problems'],
        ['not_packed', 'differences', 'problems'],
      )}
      label={IMPORT_TEXTS.ordersTable}
      columns={ORDER_COLUMNS}
      rows={preview.orders}
      rowKey="order_number"
      emptyText={IMPORT_TEXTS.noOrders}
      rowHighlight={(order) => order.difference !== 0}
      total={counts.orders}
      firstRows={IMPORT_TEXTS.firstOrders}
      problems={preview.problems}
      problemTotal={counts.problems}
    />
  );
}
