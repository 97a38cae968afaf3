import { PICK_BATCH_STATUSES, PICK_BATCH_STATUS_LABELS } from '@gudang/api-client';
import type { PickBatchSummary } from '@gudang/api-client';
import {
  Badge,
  ListSection,
  ListTable,
  OpenedRecordPage,
  StatusToolbar,
  formatDateTime,
  formatInteger,
  openColumn,
  useListParams,
  useStatusParam,
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
  const list = useListParams({ sorts: [] });
  const status = useStatusParam(PICK_BATCH_STATUSES);
  const query = useGetPickBatchesQuery({
    page: list.page,
    limit: list.limit,
    ...(status[0] ? { status: status[0] } : {}),
  });
  const columns: TableColumn<PickBatchSummary>[] = [
    { key: 'number', header: PICK_TEXTS.number, code: true },
    {
      key: 'status',
      header: PICK_TEXTS.statusFilter,
      render: (row) => (
        <Badge tone={STATUS_TONES[row.status]}>{PICK_BATCH_STATUS_LABELS[row.status]}</Badge>
      ),
    },
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
    <ListSection aria-label={PICK_TEXTS.batchesTitle}>
      <StatusToolbar
        label={PICK_TEXTS.statusFilter}
        placeholder={PICK_TEXTS.allStatuses}
        statuses={PICK_BATCH_STATUSES}
        labels={PICK_BATCH_STATUS_LABELS}
        status={status}
      />
      <ListTable
        query={query}
        list={list}
        label={PICK_TEXTS.batchesTitle}
        columns={columns}
        rowKey="id"
        emptyText={PICK_TEXTS.batchesEmpty}
      />
    </ListSection>
  );
}
