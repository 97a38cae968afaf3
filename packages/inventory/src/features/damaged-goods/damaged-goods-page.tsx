import { MESSAGES, MOVEMENT_LIST_SORTS } from '@gudang/api-client';
import type { DamagedGoods } from '@gudang/api-client';
import {
  Button,
  CONFIRM_TEXTS,
  ListSearchBox,
  ListTable,
  PRODUCT_CODE_WIDTH,
  Page,
  PageHeader,
  PlusIcon,
  Toolbar,
  categoryBrandColumns,
  formatDate,
  formatInteger,
  pageArgs,
  recordActionsColumn,
  useConfirmedDelete,
  useListParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useState } from 'react';
import { useDeleteDamagedGoodsMutation, useGetDamagedGoodsQuery } from './damaged-goods-api';
import { DamagedGoodsForm } from './damaged-goods-form';
import { DamageReason } from './damage-reason';

type FormState = { open: false } | { open: true; record: DamagedGoods | null };

export function DamagedGoodsPage() {
  const list = useListParams(MOVEMENT_LIST_SORTS);
  const [form, setForm] = useState<FormState>({ open: false });
  const damaged = useGetDamagedGoodsQuery(pageArgs(list));
  const [deleteDamaged] = useDeleteDamagedGoodsMutation();
  const remove = useConfirmedDelete(deleteDamaged, {
    confirm: CONFIRM_TEXTS.deleteData,
    success: MESSAGES.damagedDeleted,
    failure: MESSAGES.damagedDeleteFailed,
  });

  const columns: TableColumn<DamagedGoods>[] = [
    { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
    { key: 'barcode_id', header: 'Barcode ID', code: true },
    { key: 'code', header: 'Kode', code: true, codeWidth: PRODUCT_CODE_WIDTH },
    { key: 'name', header: 'Nama Barang' },
    { key: 'stock', header: 'Jumlah', nowrap: true, render: (row) => formatInteger(row.stock) },
    ...categoryBrandColumns(),
    {
      key: 'damage_reason',
      header: 'Alasan',
      render: (row) => <DamageReason text={row.damage_reason} />,
    },
    recordActionsColumn(
      (row) => setForm({ open: true, record: row }),
      (row) => void remove(row.id),
    ),
  ];

  return (
    <Page>
      <PageHeader
        title="Barang Rusak"
        actions={
          <Button
            variant="red"
            icon={<PlusIcon />}
            onClick={() => setForm({ open: true, record: null })}
          >
            Tambah Barang Rusak
          </Button>
        }
      />
      <Toolbar>
        <ListSearchBox list={list} placeholder="Cari barang rusak..." />
      </Toolbar>
      <ListTable
        query={damaged}
        list={list}
        label="Barang Rusak"
        columns={columns}
        rowKey="id"
        // A failed fetch shows 'Gagal memuat data' with a retry, not the empty state.
        emptyText="Tidak ada data barang rusak"
      />
      {form.open ? (
        <DamagedGoodsForm record={form.record} onClose={() => setForm({ open: false })} />
      ) : null}
    </Page>
  );
}
