import { MESSAGES, MOVEMENT_LIST_SORTS, errorMessage } from '@gudang/api-client';
import type { DamagedGoods } from '@gudang/api-client';
import {
  Button,
  CONFIRM_TEXTS,
  Page,
  PageHeader,
  PageSizeSelect,
  Pager,
  PlusIcon,
  SearchBox,
  Table,
  Toolbar,
  confirmAction,
  formatDate,
  useToast,
  RecordActions,
  useListParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useDeleteDamagedGoodsMutation, useGetDamagedGoodsQuery } from './damaged-goods-api';
import { DamagedGoodsForm } from './damaged-goods-form';
import { DamageReason } from './damage-reason';

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

type FormState = { open: false } | { open: true; record: DamagedGoods | null };

export function DamagedGoodsPage() {
  const list = useListParams(MOVEMENT_LIST_SORTS);
  const toast = useToast();
  const [form, setForm] = useState<FormState>({ open: false });
  const { currentData, isLoading, isFetching } = useGetDamagedGoodsQuery({
    page: list.page,
    limit: list.limit,
    ...(list.search ? { search: list.search } : {}),
  });
  const [deleteDamaged] = useDeleteDamagedGoodsMutation();

  // A failed fetch leaves the list empty.
  const rows = currentData?.data ?? [];
  const total = currentData?.pagination.total ?? 0;
  const totalPages = currentData?.pagination.totalPages ?? 0;

  const remove = async (row: DamagedGoods) => {
    if (!confirmAction(CONFIRM_TEXTS.deleteData)) return;
    try {
      await deleteDamaged(row.id).unwrap();
      toast.success(MESSAGES.damagedDeleted);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.damagedDeleteFailed));
    }
  };

  const columns: TableColumn<DamagedGoods>[] = [
    { key: 'date', header: 'Tanggal', render: (row) => formatDate(row.date) },
    { key: 'barcode_id', header: 'Barcode ID' },
    { key: 'code', header: 'Kode' },
    { key: 'name', header: 'Nama Barang' },
    { key: 'stock', header: 'Jumlah' },
    { key: 'category', header: 'Kategori' },
    { key: 'brand', header: 'Merk' },
    {
      key: 'damage_reason',
      header: 'Alasan',
      render: (row) => <DamageReason text={row.damage_reason} />,
    },
    {
      key: 'actions',
      header: 'Aksi',
      render: (row) => (
        <RecordActions
          onEdit={() => setForm({ open: true, record: row })}
          onDelete={() => void remove(row)}
        />
      ),
    },
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
        <SearchBox
          placeholder="Cari barang rusak..."
          value={list.search}
          onSearch={list.setSearch}
        />
      </Toolbar>
      <Table
        label="Barang Rusak"
        columns={columns}
        rows={rows}
        rowKey="id"
        loading={isLoading || (isFetching && currentData === undefined)}
        emptyText="Tidak ada data barang rusak"
      />
      <Footer>
        <PageSizeSelect value={list.limit} total={total} onChange={list.setLimit} />
        <Pager
          page={list.page}
          totalPages={totalPages}
          total={total}
          limit={list.limit}
          onPageChange={list.setPage}
        />
      </Footer>
      {form.open ? (
        <DamagedGoodsForm record={form.record} onClose={() => setForm({ open: false })} />
      ) : null}
    </Page>
  );
}
