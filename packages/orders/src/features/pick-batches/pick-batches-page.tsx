import { PICK_BATCH_STATUSES, PICK_BATCH_STATUS_LABELS } from '@gudang/api-client';
import type { PickBatchSummary } from '@gudang/api-client';
import {
  OpenedRecordPage,
  StatusRecordList,
  formatDateTime,
  formatInteger,
  openColumn,
  statusColumn,
  useStatusList,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { STATUS_TONES, BatchView } from './batch-view';
import { BuildBatchModal } from './build-batch-modal';
import { useGetPickBatchesQuery } from './pick-batches-api';
import { PICK_TEXTS } from './pick-batches-texts';
import { filtersText } from './pick-print';

/** Daftar Ambil (issue 47): build a batch of orders to pack, pick it by rack, then pack it. */
export function PickBatchesPage() {
  return (
    <OpenedRecordPage
      title={PICK_TEXTS.title}
      subtitle={PICK_TEXTS.subtitle}
      newLabel={PICK_TEXTS.newBatch}
      // The open batch's id in the URL (`?batch=12`), so that a reload or a shared link keeps it.
      idKey="batch"
      record={(id, back) => <BatchView id={id} onBack={back} />}
      list={(open) => <BatchList onOpen={open} />}
      create={(close, created) => <BuildBatchModal onClose={close} onCreated={created} />}
    />
  );
}

function BatchList({ onOpen }: { onOpen: (id: number) => void }) {
  const state = useStatusList(PICK_BATCH_STATUSES);
  const query = useGetPickBatchesQuery(state.args);
  const columns: TableColumn<PickBatchSummary>[] = [
    { key: 'number', header: PICK_TEXTS.number, code: true },
    statusColumn(PICK_TEXTS.statusFilter, PICK_BATCH_STATUS_LABELS, STATUS_TONES),
    { key: 'filters', header: PICK_TEXTS.filters, render: (row) => filtersText(row) },
    {
      key: 'orders',
      header: PICK_TEXTS.orders,
      align: 'right',
      render: (row) => `${formatInteger(row.shipped_count)} / ${formatInteger(row.order_count)}`,
    },
    {
      key: 'progress',
      header: PICK_TEXTS.progress,
      align: 'right',
      render: (row) => `${formatInteger(row.picked_units)} / ${formatInteger(row.units)}`,
    },
    {
      key: 'created',
      header: PICK_TEXTS.createdAt,
      render: (row) => `${formatDateTime(row.created_at)} (${row.created_by})`,
    },
    openColumn(PICK_TEXTS.open, (row) => row.number, onOpen),
  ];

  return (
    <StatusRecordList
      state={state}
      filterLabel={PICK_TEXTS.statusFilter}
      placeholder={PICK_TEXTS.allStatuses}
      statuses={PICK_BATCH_STATUSES}
      labels={PICK_BATCH_STATUS_LABELS}
      query={query}
      label={PICK_TEXTS.batchesTitle}
      columns={columns}
      rowKey="id"
      emptyText={PICK_TEXTS.batchesEmpty}
    />
  );
}
