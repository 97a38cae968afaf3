import { MESSAGES, MOVEMENT_LIST_SORTS, errorMessage } from '@gudang/api-client';
import type { OutgoingGoods, MovementSort } from '@gudang/api-client';
import {
  RecordActions,
  useListParams,
  Badge,
  Button,
  CONFIRM_TEXTS,
  Page,
  PageHeader,
  PageSizeSelect,
  Pager,
  PlusIcon,
  SearchBox,
  SelectField,
  StockBadge,
  Table,
  Toolbar,
  confirmAction,
  formatDate,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useDeleteOutgoingGoodsMutation, useGetOutgoingGoodsQuery } from './outgoing-goods-api';
import { OutgoingGoodsForm } from './outgoing-goods-form';

const SORT_OPTIONS: { value: MovementSort; label: string }[] = [
  { value: 'date', label: 'Tanggal (Terbaru)' },
  { value: 'brand', label: 'Merek (A-Z)' },
  { value: 'brand_desc', label: 'Merek (Z-A)' },
];

const Quantity = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.red};
`;

const Resi = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

// The sort select has a visible label above it: line the search box up with the select.
const Filters = styled(Toolbar)`
  align-items: flex-end;
`;

const SortWrap = styled.div`
  min-width: 200px;
  & > div {
    margin-bottom: 0;
  }
`;

/** Resi numbers that appear more than once among the rows (SPEC.md point 2). */
function duplicateResis(rows: readonly OutgoingGoods[]): Set<string> {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const resi = row.resi_number.trim();
    seen.set(resi, (seen.get(resi) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, count]) => count > 1).map(([resi]) => resi));
}

type FormState = { open: false } | { open: true; record: OutgoingGoods | null };

export function OutgoingGoodsPage() {
  const list = useListParams(MOVEMENT_LIST_SORTS);
  const toast = useToast();
  const [form, setForm] = useState<FormState>({ open: false });
  const { currentData, isLoading, isFetching } = useGetOutgoingGoodsQuery({
    page: list.page,
    limit: list.limit,
    ...(list.search ? { search: list.search } : {}),
    ...(list.sort === 'date' ? {} : { sort: list.sort }),
  });
  const [deleteOutgoing] = useDeleteOutgoingGoodsMutation();

  // A failed fetch leaves the list empty (SPEC.md point 8).
  const rows = useMemo(() => currentData?.data ?? [], [currentData]);
  const duplicates = useMemo(() => duplicateResis(rows), [rows]);
  const total = currentData?.pagination.total ?? 0;
  const totalPages = currentData?.pagination.totalPages ?? 0;

  const remove = async (row: OutgoingGoods) => {
    if (!confirmAction(CONFIRM_TEXTS.deleteData)) return;
    try {
      await deleteOutgoing(row.id).unwrap();
      toast.success(MESSAGES.dataDeleted);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.deleteFailed));
    }
  };

  const columns: TableColumn<OutgoingGoods>[] = [
    { key: 'date', header: 'Tanggal', render: (row) => formatDate(row.date) },
    { key: 'barcode', header: 'Barcode' },
    { key: 'product_code', header: 'Kode Barang' },
    { key: 'product_name', header: 'Nama Barang' },
    { key: 'category', header: 'Kategori' },
    { key: 'brand', header: 'Merk' },
    {
      key: 'current_stock',
      header: 'Stok Saat Ini',
      render: (row) => <StockBadge stock={row.current_stock} />,
    },
    {
      key: 'resi_number',
      header: 'Nomor Resi',
      render: (row) => (
        <Resi>
          {row.resi_number}
          {duplicates.has(row.resi_number.trim()) ? <Badge tone="red">Duplikat</Badge> : null}
        </Resi>
      ),
    },
    {
      key: 'quantity',
      header: 'Jumlah',
      render: (row) => <Quantity>-{row.quantity}</Quantity>,
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
        title="Barang Keluar"
        actions={
          <Button
            variant="red"
            icon={<PlusIcon />}
            onClick={() => setForm({ open: true, record: null })}
          >
            Tambah Barang Keluar
          </Button>
        }
      />
      <Filters>
        <SearchBox
          placeholder="Cari barang keluar..."
          value={list.search}
          onSearch={list.setSearch}
        />
        <SortWrap>
          <SelectField
            label="Urutkan"
            value={list.sort}
            options={SORT_OPTIONS}
            onChange={(event) => {
              const sort = SORT_OPTIONS.find((option) => option.value === event.target.value);
              if (sort) list.setSort(sort.value);
            }}
          />
        </SortWrap>
      </Filters>
      <Table
        label="Barang Keluar"
        columns={columns}
        rows={rows}
        rowKey="id"
        loading={isLoading || (isFetching && currentData === undefined)}
        emptyText="Tidak ada data barang keluar"
        rowHighlight={(row) => duplicates.has(row.resi_number.trim())}
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
        <OutgoingGoodsForm record={form.record} onClose={() => setForm({ open: false })} />
      ) : null}
    </Page>
  );
}
