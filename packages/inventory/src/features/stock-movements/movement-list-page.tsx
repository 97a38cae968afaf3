import { MESSAGES, MOVEMENT_LIST_SORTS } from '@gudang/api-client';
import type { IncomingGoods, MovementSort, Pagination } from '@gudang/api-client';
import {
  Badge,
  Button,
  CONFIRM_TEXTS,
  FilterBar,
  ListSearchBox,
  ListTable,
  PRODUCT_CODE_WIDTH,
  Page,
  PageHeader,
  PlusIcon,
  SelectField,
  categoryBrandColumns,
  formatDate,
  formatInteger,
  pageArgs,
  recordActionsColumn,
  useConfirmedDelete,
  useListParams,
  useQueryParams,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useEffect, useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import styled from 'styled-components';

/** The fields that incoming and outgoing rows share. */
export type MovementRow = Pick<
  IncomingGoods,
  | 'id'
  | 'date'
  | 'barcode'
  | 'product_code'
  | 'product_name'
  | 'category'
  | 'brand'
  | 'resi_number'
  | 'quantity'
> & {
  /** Barang Keluar packed by Scan Kirim: the records of one package share its resi. */
  marketplace_order_id?: number | null;
};

export interface MovementListQuery {
  page: number;
  limit: number;
  search?: string;
  sort?: MovementSort;
}

/** What makes the Barang Masuk and Barang Keluar lists differ. */
export interface MovementKind<T extends MovementRow> {
  /** 'in' adds stock (green, +quantity); 'out' takes it (red, -quantity). */
  direction: 'in' | 'out';
  title: string;
  addLabel: string;
  searchPlaceholder: string;
  emptyText: string;
  /** Columns between Merk and Nomor Resi. */
  columnsBeforeResi?: TableColumn<T>[];
  /** Columns between Jumlah and Aksi. */
  columnsAfterQuantity?: TableColumn<T>[];
  useList: (query: MovementListQuery) => {
    currentData?: { data: T[]; pagination: Pagination };
    isLoading: boolean;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  useDelete: () => readonly [(id: number) => { unwrap: () => Promise<unknown> }, ...unknown[]];
  /** The add/edit modal; record null adds a new one. */
  Form: ComponentType<{ record: T | null; initialResi?: string; onClose: () => void }>;
}

const SORT_OPTIONS: { value: MovementSort; label: string }[] = [
  { value: 'date', label: 'Tanggal (Terbaru)' },
  { value: 'brand', label: 'Merek (A-Z)' },
  { value: 'brand_desc', label: 'Merek (Z-A)' },
];

const Quantity = styled.span<{ $direction: 'in' | 'out' }>`
  font-weight: 600;
  /* The darker text shades: they keep 4.5:1 on the red background of a duplicate row too. */
  color: ${({ theme, $direction }) =>
    $direction === 'in' ? theme.colors.greenText : theme.colors.redText};
`;

const Resi = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  /* On a phone's card as wide as the value, so that the resi's 100% is the value's width. */
  [data-layout='cards'] & {
    display: flex;
  }
`;

/**
 * Barcode and resi in the movement lists: wider values continue on the next line. 12ch, one less
 * than a product code's: Barang Keluar's ten columns (with 'Stok Saat Ini') at 1280 px left a
 * 1 px sideways scroll with the longest barcode and a product code of 13ch.
 */
const MOVEMENT_CODE_WIDTH = '12ch';

// The resi whole, in monospace like the kit's code cells: past its width it continues on the
// next line, never cut (a phone shows no hover title; issue 42 m19). Its Duplikat badge may go
// below it. On a phone's card, as the kit's code cells there, the whole width of the value.
const ResiText = styled.span`
  width: max-content;
  max-width: ${MOVEMENT_CODE_WIDTH};
  white-space: normal;
  word-break: break-all;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.fonts.mono};
  [data-layout='cards'] & {
    max-width: 100%;
  }
`;

const SortWrap = styled.div`
  min-width: 200px;
  & > div {
    margin-bottom: 0;
  }
`;

/**
 * Resi numbers used by more than one package among the rows, or twice for one product by a
 * package entered by hand (docs/product.md point 2). A packed marketplace order is one package of
 * several records; the hand-entered records of one resi are one package, one per product (a
 * supplier's package in Barang Masuk, a parcel in Barang Keluar: docs/adr/0014).
 */
export function duplicateResis(rows: readonly MovementRow[]): Set<string> {
  const packages = new Map<string, Set<string>>();
  const handEntered = new Set<string>();
  const duplicates = new Set<string>();
  for (const row of rows) {
    const resi = row.resi_number.trim();
    const order = row.marketplace_order_id;
    const key = order === undefined || order === null ? 'hand' : `order ${order}`;
    packages.set(resi, (packages.get(resi) ?? new Set()).add(key));
    if (key !== 'hand') continue;
    const entry = `${resi}\u0000${row.product_code.trim().toLowerCase()}`;
    if (handEntered.has(entry)) duplicates.add(resi);
    handEntered.add(entry);
  }
  for (const [resi, keys] of packages) if (keys.size > 1) duplicates.add(resi);
  return duplicates;
}

type FormState<T> = { open: false } | { open: true; record: T | null; resi?: string };

export interface MovementListPageProps<T extends MovementRow> {
  kind: MovementKind<T>;
}

/** The Barang Masuk / Barang Keluar list: search, sort, duplicate resi marks, add/edit/delete. */
export function MovementListPage<T extends MovementRow>({ kind }: MovementListPageProps<T>) {
  const { direction, Form } = kind;
  const list = useListParams(MOVEMENT_LIST_SORTS);
  // '?resi=…' (Scan Kirim's link for a resi it does not know) opens a new record with that resi.
  const [searchParams, write] = useQueryParams();
  const linkedResi = searchParams.get('resi');
  const [form, setForm] = useState<FormState<T>>(
    linkedResi ? { open: true, record: null, resi: linkedResi } : { open: false },
  );
  useEffect(() => {
    if (linkedResi === null) return;
    write({ resi: null }, { replace: true });
  }, [linkedResi, write]);
  const query = kind.useList({
    ...pageArgs(list),
    ...(list.sort === 'date' ? {} : { sort: list.sort }),
  });
  const { currentData } = query;
  const [deleteRecord] = kind.useDelete();
  const remove = useConfirmedDelete(deleteRecord, {
    confirm: CONFIRM_TEXTS.deleteData,
    success: MESSAGES.dataDeleted,
    failure: MESSAGES.deleteFailed,
  });

  // A failed fetch shows 'Gagal memuat data' with a retry, not the empty state.
  const rows = useMemo(() => currentData?.data ?? [], [currentData]);
  const duplicates = useMemo(() => duplicateResis(rows), [rows]);

  const columns: TableColumn<T>[] = [
    { key: 'date', header: 'Tanggal', nowrap: true, render: (row) => formatDate(row.date) },
    // Ten columns at 1280 px: barcode and resi wrap one character sooner than elsewhere.
    { key: 'barcode', header: 'Barcode', code: true, codeWidth: MOVEMENT_CODE_WIDTH },
    {
      key: 'product_code',
      header: 'Kode Barang',
      code: true,
      codeWidth: PRODUCT_CODE_WIDTH,
    },
    { key: 'product_name', header: 'Nama Barang' },
    ...categoryBrandColumns(),
    ...(kind.columnsBeforeResi ?? []),
    {
      key: 'resi_number',
      header: 'Nomor Resi',
      render: (row) => (
        <Resi>
          <ResiText title={row.resi_number}>{row.resi_number}</ResiText>
          {duplicates.has(row.resi_number.trim()) ? <Badge tone="red">Duplikat</Badge> : null}
        </Resi>
      ),
    },
    {
      key: 'quantity',
      header: 'Jumlah',
      nowrap: true,
      render: (row) => (
        <Quantity $direction={direction}>
          {direction === 'in' ? '+' : '-'}
          {formatInteger(row.quantity)}
        </Quantity>
      ),
    },
    ...(kind.columnsAfterQuantity ?? []),
    recordActionsColumn(
      (row) => setForm({ open: true, record: row }),
      (row) => void remove(row.id),
    ),
  ];

  return (
    <Page>
      <PageHeader
        title={kind.title}
        actions={
          <Button
            variant={direction === 'in' ? 'green' : 'red'}
            icon={<PlusIcon />}
            onClick={() => setForm({ open: true, record: null })}
          >
            {kind.addLabel}
          </Button>
        }
      />
      <FilterBar>
        <ListSearchBox list={list} placeholder={kind.searchPlaceholder} />
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
      </FilterBar>
      <ListTable
        query={query}
        list={list}
        label={kind.title}
        columns={columns}
        rowKey="id"
        emptyText={kind.emptyText}
        rowHighlight={(row) => duplicates.has(row.resi_number.trim())}
      />
      {form.open ? (
        <Form
          record={form.record}
          {...(form.resi === undefined ? {} : { initialResi: form.resi })}
          onClose={() => setForm({ open: false })}
        />
      ) : null}
    </Page>
  );
}
