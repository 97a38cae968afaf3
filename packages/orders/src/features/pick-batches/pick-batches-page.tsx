import { PICK_BATCH_STATUSES, PICK_BATCH_STATUS_LABELS } from '@gudang/api-client';
import type { PickBatchStatus, PickBatchSummary } from '@gudang/api-client';
import {
  Badge,
  Button,
  ListSection,
  ListTable,
  Page,
  PageHeader,
  PlusIcon,
  SelectField,
  Toolbar,
  formatDateTime,
  formatInteger,
  useListParams,
  useQueryParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { STATUS_TONES, BatchView } from './batch-view';
import { BuildBatchModal } from './build-batch-modal';
import { useGetPickBatchesQuery } from './pick-batches-api';
import { PICK_TEXTS } from './pick-batches-texts';
import { filtersText } from './pick-print';

const Filter = styled.div`
  max-width: 14rem;
`;

/** The open batch's id in the URL (`?batch=12`), so that a reload or a shared link keeps it. */
const BATCH_KEY = 'batch';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/** Daftar Ambil (issue 47): build a batch of orders to pack, pick it by rack, then pack it. */
export function PickBatchesPage() {
  const [params, write] = useQueryParams();
  const batchId = positiveInt(params.get(BATCH_KEY));
  const [creating, setCreating] = useState(false);
  const openBatch = (id: number | null) => write({ [BATCH_KEY]: id });

  return (
    <Page>
      <PageHeader
        title={PICK_TEXTS.title}
        subtitle={PICK_TEXTS.subtitle}
        actions={
          batchId === null ? (
            <Button icon={<PlusIcon />} onClick={() => setCreating(true)}>
              {PICK_TEXTS.newBatch}
            </Button>
          ) : null
        }
      />
      {batchId !== null ? (
        <BatchView id={batchId} onBack={() => openBatch(null)} />
      ) : (
        <BatchList onOpen={openBatch} />
      )}
      {creating ? (
        <BuildBatchModal
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            openBatch(id);
          }}
        />
      ) : null}
    </Page>
  );
}

function BatchList({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useListParams({ sorts: [] });
  const [params, write] = useQueryParams();
  const status = PICK_BATCH_STATUSES.find((value) => value === params.get('status'));
  const setStatus = (value: PickBatchStatus | undefined) =>
    write({ status: value ?? null, page: null });
  const query = useGetPickBatchesQuery({
    page: list.page,
    limit: list.limit,
    ...(status ? { status } : {}),
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
    {
      key: 'actions',
      header: 'Aksi',
      render: (row) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${PICK_TEXTS.open} ${row.number}`}
          onClick={() => onOpen(row.id)}
        >
          {PICK_TEXTS.open}
        </Button>
      ),
    },
  ];

  return (
    <ListSection aria-label={PICK_TEXTS.batchesTitle}>
      <Toolbar>
        <Filter>
          <SelectField
            label={PICK_TEXTS.statusFilter}
            value={status ?? ''}
            placeholder={PICK_TEXTS.allStatuses}
            options={PICK_BATCH_STATUSES.map((value) => ({
              value,
              label: PICK_BATCH_STATUS_LABELS[value],
            }))}
            onChange={(event) =>
              setStatus(PICK_BATCH_STATUSES.find((value) => value === event.target.value))
            }
          />
        </Filter>
      </Toolbar>
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
