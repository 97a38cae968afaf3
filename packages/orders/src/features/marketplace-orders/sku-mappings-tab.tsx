import { MARKETPLACE_MESSAGES } from '@gudang/api-client';
import type { SkuMapping } from '@gudang/api-client';
import {
  Button,
  CONFIRM_TEXTS,
  ListSearchBox,
  ListTable,
  Modal,
  PlusIcon,
  Toolbar,
  pageArgs,
  recordActionsColumn,
  useConfirmedDelete,
  useListParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useState } from 'react';
import { useDeleteSkuMappingMutation, useGetSkuMappingsQuery } from './marketplace-api';
import { CHANNEL_LABELS, MAPPING_TEXTS } from './marketplace-texts';
import { MappedItems } from './order-detail-modal';
import { SkuMappingForm } from './sku-mapping-form';
import type { MappingDraft } from './sku-mapping-form';
import { useCan } from './use-can';

const EMPTY_DRAFT: MappingDraft = { channel: null, sku: '', variation: null, items: [] };

type FormState = { open: false } | { open: true; record: SkuMapping | null };

/** Pemetaan SKU: which products each marketplace SKU stands for. */
export function SkuMappingsTab() {
  const list = useListParams();
  const canMap = useCan('PUT /api/sku-mappings');
  const [form, setForm] = useState<FormState>({ open: false });
  const [formDirty, setFormDirty] = useState(false);
  const query = useGetSkuMappingsQuery(pageArgs(list));
  const [deleteMapping] = useDeleteSkuMappingMutation();
  const remove = useConfirmedDelete(deleteMapping, {
    confirm: CONFIRM_TEXTS.deleteData,
    success: MARKETPLACE_MESSAGES.mappingDeleted,
    failure: MAPPING_TEXTS.deleteFailed,
  });

  const columns: TableColumn<SkuMapping>[] = [
    {
      key: 'channel',
      header: 'Channel',
      nowrap: true,
      render: (row) => (row.channel ? CHANNEL_LABELS[row.channel] : MAPPING_TEXTS.allChannels),
    },
    { key: 'sku', header: 'SKU', code: true },
    {
      key: 'variation',
      header: 'Variasi',
      render: (row) => row.variation ?? MAPPING_TEXTS.allVariations,
    },
    { key: 'items', header: 'Produk', render: (row) => <MappedItems items={row.items} /> },
    recordActionsColumn(
      (row) => setForm({ open: true, record: row }),
      (row) => void remove(row.id),
    ),
  ];

  const record = form.open ? form.record : null;
  return (
    <>
      <Toolbar>
        <ListSearchBox list={list} placeholder={MAPPING_TEXTS.search} />
        {canMap ? (
          <Button icon={<PlusIcon />} onClick={() => setForm({ open: true, record: null })}>
            {MAPPING_TEXTS.add}
          </Button>
        ) : null}
      </Toolbar>
      <ListTable
        query={query}
        list={list}
        label={MAPPING_TEXTS.table}
        columns={columns}
        rowKey="id"
        emptyText={MAPPING_TEXTS.empty}
      />
      {form.open ? (
        <Modal
          open
          size="lg"
          title={record ? MAPPING_TEXTS.editTitle : MAPPING_TEXTS.addTitle}
          onClose={() => setForm({ open: false })}
          dirty={formDirty}
        >
          <SkuMappingForm
            onDirtyChange={setFormDirty}
            draft={record ?? EMPTY_DRAFT}
            locked={record ? 'key' : undefined}
            onSaved={() => setForm({ open: false })}
            onCancel={() => setForm({ open: false })}
          />
        </Modal>
      ) : null}
    </>
  );
}
