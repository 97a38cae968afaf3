import { MESSAGES, RACK_MESSAGES, RACK_PATTERN, useGetProductsQuery } from '@gudang/api-client';
import type { Product, ProductInput, ProductSort } from '@gudang/api-client';
import {
  Button,
  CONFIRM_TEXTS,
  EditIcon,
  FilterBar,
  IconButton,
  ListSearchBox,
  ListTable,
  Page,
  PRODUCT_CODE_WIDTH,
  PageHeader,
  PlusIcon,
  SearchBox,
  SelectField,
  StockBadge,
  TrashIcon,
  categoryBrandColumns,
  formatInteger,
  useConfirmedDelete,
  useListParams,
  useQueryParams,
  useSaveRecord,
} from '@gudang/shared-ui';
import type { SelectOption, TableColumn } from '@gudang/shared-ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { AvailableStock, stockNumbers } from './available-stock';
import { ProductFormModal, takenBy, type TakenValues } from './product-form-modal';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useUpdateProductMutation,
} from './products-api';
import { RackImportDialog } from './rack-import-dialog';
import { StockCardModal } from './stock-card-modal';

// docs/product.md's three as written; no sort parameter (the first) is the server's default, name A-Z.
export const SORT_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Nama A-Z' },
  { value: 'brand', label: 'Merk A-Z' },
  { value: 'brand_desc', label: 'Merk Z-A' },
  { value: 'date_desc', label: 'Tanggal Terbaru' },
  // Rak (issue 47): shelf order; products without a rack last.
  { value: 'rack', label: 'Rak A-Z' },
  { value: 'rack_desc', label: 'Rak Z-A' },
];

const SORT_VALUES: readonly ProductSort[] = [
  'brand',
  'brand_desc',
  'date_desc',
  'rack',
  'rack_desc',
];

/** The Rak filter's key in the URL: products whose rack starts with it ('A-': aisle A). */
const RACK_KEY = 'rak';
const RACK = new RegExp(RACK_PATTERN);

const RackError = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.redText};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" />
    </svg>
  );
}

const SortWrap = styled.div`
  min-width: 200px;
  & > div {
    margin-bottom: 0;
  }
`;

// Wide enough for its whole placeholder on a phone (375 px) too.
const RackWrap = styled(SortWrap)`
  flex: 1 1 240px;
  max-width: 320px;
`;

const Actions = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.spacing.xs};
`;

type FormState = { open: false } | { open: true; product: Product | null };

export function ProductsPage() {
  // No sort parameter is the server's default, name A-Z.
  const list = useListParams({ sorts: SORT_VALUES });
  const [params, write] = useQueryParams();
  const rack = (params.get(RACK_KEY) ?? '').trim();
  const rackValid = rack.length <= 20 && RACK.test(rack);
  const products = useGetProductsQuery({
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    sort: list.sort,
    ...(rack !== '' && rackValid ? { rack } : {}),
  });
  const [importing, setImporting] = useState(false);
  const [createProduct, createState] = useCreateProductMutation();
  const [updateProduct, updateState] = useUpdateProductMutation();
  const [deleteProduct] = useDeleteProductMutation();
  const remove = useConfirmedDelete(deleteProduct, {
    confirm: CONFIRM_TEXTS.deleteProduct,
    success: MESSAGES.productDeleted,
    failure: MESSAGES.productDeleteFailed,
  });
  const [form, setForm] = useState<FormState>({ open: false });
  const [stockCardProduct, setStockCardProduct] = useState<Product | null>(null);

  // The card reads the product as the list has it now: Stok, Dipesan and Tersedia follow a
  // write made while it is open.
  const stockCard =
    stockCardProduct &&
    (products.data?.data.find((row) => row.id === stockCardProduct.id) ?? stockCardProduct);

  const { isError, error } = products;
  useEffect(() => {
    if (isError) console.error('Gagal memuat produk', error);
  }, [isError, error]);

  const saveRecord = useSaveRecord(createProduct, updateProduct, {
    created: MESSAGES.productCreated,
    updated: MESSAGES.productUpdated,
    failure: MESSAGES.productSaveFailed,
  });
  // The Barcode ID or Kode the server refused as taken: said beside its field while still typed.
  const [taken, setTaken] = useState<TakenValues>({});
  const save = async (input: ProductInput): Promise<boolean> => {
    if (!form.open) return false;
    const saved = await saveRecord(input, form.product?.id, (message) =>
      setTaken(takenBy(message, input)),
    );
    if (saved) closeForm();
    return saved;
  };
  const closeForm = () => {
    setTaken({});
    setForm({ open: false });
  };

  const columns: TableColumn<Product>[] = [
    { key: 'barcode_id', header: 'Barcode ID', code: true },
    { key: 'code', header: 'Kode', code: true, codeWidth: PRODUCT_CODE_WIDTH },
    { key: 'name', header: 'Nama Barang' },
    {
      key: 'current_stock',
      header: 'Stok',
      nowrap: true,
      render: (row) => <StockBadge stock={row.current_stock} />,
    },
    // Stok Tersedia (issue 44): units open marketplace orders hold, and what is left to sell.
    {
      key: 'reserved_stock',
      header: 'Dipesan',
      nowrap: true,
      render: (row) => formatInteger(stockNumbers(row).reserved),
    },
    {
      key: 'available_stock',
      header: 'Tersedia',
      nowrap: true,
      render: (row) => <AvailableStock value={stockNumbers(row).available} />,
    },
    ...categoryBrandColumns(),
    { key: 'rack', header: 'Rak', code: true, render: (row) => row.rack ?? '-' },
    {
      key: 'actions',
      header: 'Aksi',
      nowrap: true,
      render: (row) => (
        <Actions>
          <IconButton
            label="Kartu Stok"
            icon={<CardIcon />}
            onClick={() => setStockCardProduct(row)}
          />
          <IconButton
            label="Edit"
            icon={<EditIcon />}
            tone="primary"
            onClick={() => setForm({ open: true, product: row })}
          />
          <IconButton
            label="Hapus"
            icon={<TrashIcon />}
            tone="red"
            onClick={() => void remove(row.id)}
          />
        </Actions>
      ),
    },
  ];

  return (
    <Page>
      <PageHeader
        title="Data Produk"
        actions={
          <>
            <Button variant="ghost" onClick={() => setImporting(true)}>
              Impor Rak
            </Button>
            <Button icon={<PlusIcon />} onClick={() => setForm({ open: true, product: null })}>
              Tambah Produk
            </Button>
          </>
        }
      />
      <FilterBar>
        <ListSearchBox list={list} placeholder="Cari produk..." />
        <SortWrap>
          <SelectField
            label="Urutkan"
            options={SORT_OPTIONS}
            value={list.sort ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              list.setSort(SORT_VALUES.find((sort) => sort === value));
            }}
          />
        </SortWrap>
        <RackWrap>
          <SearchBox
            label="Filter Rak"
            placeholder="Rak (awalan, misalnya A-)"
            value={rack}
            onSearch={(text) =>
              write({ [RACK_KEY]: text.trim() === '' ? null : text.trim(), page: null })
            }
          />
        </RackWrap>
        {rackValid ? null : <RackError role="alert">{RACK_MESSAGES.invalid}</RackError>}
      </FilterBar>
      {/* The shown page stays while the next page, sort or search loads; a failed fetch shows
          'Gagal memuat data' with a retry, not the empty state. */}
      <ListTable
        query={products}
        list={list}
        keepPrevious
        columns={columns}
        rowKey="id"
        emptyText="Tidak ada produk ditemukan"
        label="Data Produk"
      />
      <ProductFormModal
        open={form.open}
        product={form.open ? form.product : null}
        saving={createState.isLoading || updateState.isLoading}
        taken={taken}
        onClose={closeForm}
        onSubmit={save}
      />
      <StockCardModal product={stockCard} onClose={() => setStockCardProduct(null)} />
      {importing ? <RackImportDialog onClose={() => setImporting(false)} /> : null}
    </Page>
  );
}
