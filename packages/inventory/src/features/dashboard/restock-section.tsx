// 'Perlu Restock' on the dashboard: products at or under their 'Stok Minimum' or with
// less than 7 days of cover, fewest days first, with the suggested order; the manager picks some,
// edits quantity and price, and 'Buat Order' makes them List Order entries.
import {
  FIELDS,
  RESTOCK_MESSAGES,
  errorMessage,
  useCreateOrdersFromRestockMutation,
  useGetRestockQuery,
} from '@gudang/api-client';
import type { RestockList as RestockAnswer, RestockRow } from '@gudang/api-client';
import {
  Button,
  Card,
  FormModal,
  Modal,
  ModalCancelButton,
  MoneyField,
  QuantityField,
  Table,
  formatInteger,
  formatMoneyInput,
  formatRupiah,
  numberColumn,
  readIntegerInput,
  readMoneyInput,
  useDeferredQuery,
  useToast,
} from '@gudang/shared-ui';
import type { ListQuery, TableColumn } from '@gudang/shared-ui';
import { memo, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useGetShopSettingsQuery, useUpdateTargetStockDaysMutation } from './dashboard-api';
import { SectionHeader, countedTitle } from './section-header';
import { AvailableStock } from '../products/available-stock';

export const RESTOCK_TEXTS = {
  title: 'Perlu Restock',
  empty: 'Tidak ada produk yang perlu di-restock',
  createOrder: 'Buat Order',
  modalTitle: 'Buat Order dari Saran Restock',
  save: 'Simpan Order',
  noneChosen: 'Pilih minimal satu produk',
  failed: 'Gagal membuat order',
  noSales: 'Belum ada penjualan',
  onOrder: 'Sudah Dipesan',
  target: FIELDS.targetStockDays.label,
  days: (days: number) => `${days.toLocaleString('id-ID')} hari`,
  editTarget: 'Ubah Target',
  targetTitle: 'Ubah Target Persediaan',
  targetHint:
    'Saran Order mencukupi penjualan sebanyak ini hari, dikurangi stok dan yang sudah dipesan.',
  targetFailed: 'Gagal menyimpan pengaturan',
} as const;

/** How many rows the section shows (the most urgent; the badge counts them all). */
export const RESTOCK_SECTION_LIMIT = 10;

const formatDays = (days: number | null) =>
  days === null
    ? RESTOCK_TEXTS.noSales
    : `${days.toLocaleString('id-ID', { maximumFractionDigits: 1 })} hari`;

const OrderGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  fieldset {
    border: 1px solid ${({ theme }) => theme.colors.borderLight};
    border-radius: ${({ theme }) => theme.radii.md};
    padding: ${({ theme }) => theme.spacing.md};
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: ${({ theme }) => theme.spacing.sm};
  }
  legend {
    font-weight: 600;
  }
`;

const TargetLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** 'Ubah Target Persediaan' (manager): the days of sales a suggested order covers. */
function TargetModal({ days, onClose }: { days: number; onClose: () => void }) {
  const toast = useToast();
  const [update, { isLoading }] = useUpdateTargetStockDaysMutation();
  const [value, setValue] = useState(formatInteger(days));
  const [error, setError] = useState<string | undefined>(undefined);
  const bounds = { label: FIELDS.targetStockDays.label, min: 1, max: FIELDS.targetStockDays.max };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const read = readIntegerInput(value, bounds);
    if (read.error !== undefined || read.value === undefined) {
      setError(read.error ?? `${bounds.label} wajib diisi`);
      return;
    }
    try {
      await update(read.value).unwrap();
      toast.success(RESTOCK_MESSAGES.settingsSaved);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, RESTOCK_TEXTS.targetFailed));
    }
  };

  return (
    <FormModal
      title={RESTOCK_TEXTS.targetTitle}
      onClose={onClose}
      onSubmit={(event) => void save(event)}
      saving={isLoading}
      dirty={value !== formatInteger(days)}
      size="sm"
    >
      <QuantityField
        label={FIELDS.targetStockDays.label}
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        max={FIELDS.targetStockDays.max}
        hint={RESTOCK_TEXTS.targetHint}
        error={error}
        autoFocus
      />
    </FormModal>
  );
}

/** The shop's 'Target Persediaan' above the list; the manager changes it here (issue 42 m14). */
function TargetStock({ manager }: { manager: boolean }) {
  const { data } = useGetShopSettingsQuery();
  const [editing, setEditing] = useState(false);
  const days = data?.targetStockDays;
  return (
    <TargetLine>
      <span>
        {RESTOCK_TEXTS.target}:{' '}
        <strong>{days === undefined ? '–' : RESTOCK_TEXTS.days(days)}</strong>
      </span>
      {manager ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={days === undefined}
          onClick={() => setEditing(true)}
        >
          {RESTOCK_TEXTS.editTarget}
        </Button>
      ) : null}
      {editing && days !== undefined ? (
        <TargetModal days={days} onClose={() => setEditing(false)} />
      ) : null}
    </TargetLine>
  );
}

interface Draft {
  row: RestockRow;
  quantity: string;
  price: string;
}

function BuatOrderModal({ rows, onClose }: { rows: readonly RestockRow[]; onClose: () => void }) {
  const toast = useToast();
  const [create, { isLoading }] = useCreateOrdersFromRestockMutation();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    rows.map((row) => ({
      row,
      quantity: formatInteger(Math.max(row.suggested_quantity, 1)),
      price: formatMoneyInput(row.purchase_price ?? 0),
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  const edit = (index: number, change: Partial<Draft>) => {
    setEdited(true);
    setDrafts((all) => all.map((draft, i) => (i === index ? { ...draft, ...change } : draft)));
  };

  const save = async () => {
    const items = [];
    for (const draft of drafts) {
      const quantity = readIntegerInput(draft.quantity, {
        label: FIELDS.quantity.label,
        min: 1,
        max: FIELDS.quantity.max,
      });
      const price = readMoneyInput(draft.price, {
        label: FIELDS.price.label,
        min: 0,
        max: FIELDS.price.max,
      });
      const problem = quantity.error ?? price.error;
      if (problem !== undefined || quantity.value === undefined || price.value === undefined) {
        setError(`${draft.row.product_name}: ${problem ?? ''}`);
        return;
      }
      items.push({
        product_code: draft.row.product_code,
        quantity: quantity.value,
        price: price.value,
      });
    }
    try {
      const saved = await create({ items }).unwrap();
      toast.success(saved.message);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, RESTOCK_TEXTS.failed));
    }
  };

  return (
    <Modal
      open
      title={RESTOCK_TEXTS.modalTitle}
      onClose={onClose}
      dirty={edited && !isLoading}
      footer={
        <>
          <ModalCancelButton />
          <Button onClick={() => void save()} disabled={isLoading}>
            {RESTOCK_TEXTS.save}
          </Button>
        </>
      }
    >
      <OrderGrid>
        {error === null ? null : <p role="alert">{error}</p>}
        {drafts.map((draft, index) => (
          <fieldset key={draft.row.product_code}>
            <legend>
              {draft.row.product_name} ({draft.row.product_code})
            </legend>
            <QuantityField
              label={FIELDS.quantity.label}
              value={draft.quantity}
              onChange={(quantity) => edit(index, { quantity })}
              max={FIELDS.quantity.max}
            />
            <MoneyField
              label={FIELDS.price.label}
              value={draft.price}
              onChange={(price) => edit(index, { price })}
              max={FIELDS.price.max}
            />
          </fieldset>
        ))}
      </OrderGrid>
    </Modal>
  );
}

export function RestockSection({ manager }: { manager: boolean }) {
  const query = useDeferredQuery(useGetRestockQuery({ page: 1, limit: RESTOCK_SECTION_LIMIT }));
  return <RestockList manager={manager} query={query} />;
}

interface RestockListProps {
  manager: boolean;
  query: ListQuery<RestockAnswer>;
}

const RestockList = memo(function RestockList({ manager, query }: RestockListProps) {
  const { currentData, isError, isFetching, refetch } = query;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [ordering, setOrdering] = useState(false);
  const rows = currentData?.data ?? [];
  const toggle = (code: string) =>
    setChosen((all) => {
      const next = new Set(all);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  const columns: TableColumn<RestockRow>[] = [
    ...(manager
      ? [
          {
            key: 'choose',
            header: 'Pilih',
            render: (row: RestockRow) => (
              <input
                type="checkbox"
                aria-label={`Pilih ${row.product_name}`}
                checked={chosen.has(row.product_code)}
                onChange={() => toggle(row.product_code)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'product_name',
      header: 'Nama Barang',
      render: (row) => `${row.product_name} (${row.product_code})`,
    },
    numberColumn('current_stock', 'Stok', (row) => formatInteger(row.current_stock)),
    // The rule reads Tersedia (issue 44): the units open marketplace orders hold are as good as
    // sold, so a product with stock may need ordering.
    numberColumn('available', 'Tersedia', (row) => (
      <AvailableStock value={row.current_stock - (row.reserved_stock ?? 0)} />
    )),
    numberColumn('min_stock', 'Stok Minimum', (row) => formatInteger(row.min_stock)),
    numberColumn('days_of_cover', 'Cukup Untuk', (row) => formatDays(row.days_of_cover)),
    numberColumn('on_order', RESTOCK_TEXTS.onOrder, (row) => formatInteger(row.on_order)),
    numberColumn('suggested_quantity', 'Saran Order', (row) =>
      formatInteger(row.suggested_quantity),
    ),
    ...(manager
      ? [
          numberColumn('purchase_price', 'Harga Beli', (row: RestockRow) =>
            formatRupiah(row.purchase_price ?? 0),
          ),
        ]
      : []),
  ];

  const total = currentData?.pagination.total;
  return (
    <Card>
      <section aria-label={RESTOCK_TEXTS.title}>
        <SectionHeader>
          <h2>{countedTitle(RESTOCK_TEXTS.title, total)}</h2>
          {manager ? (
            <Button
              onClick={() => setOrdering(true)}
              disabled={!rows.some((row) => chosen.has(row.product_code))}
            >
              {RESTOCK_TEXTS.createOrder}
            </Button>
          ) : null}
        </SectionHeader>
        <TargetStock manager={manager} />
        <Table
          label={RESTOCK_TEXTS.title}
          columns={columns}
          rows={rows}
          rowKey="product_code"
          emptyText={RESTOCK_TEXTS.empty}
          loading={currentData === undefined && isFetching}
          failed={isError}
          onRetry={() => void refetch()}
        />
      </section>
      {ordering ? (
        <BuatOrderModal
          rows={rows.filter((row) => chosen.has(row.product_code))}
          onClose={() => {
            setOrdering(false);
            setChosen(new Set());
          }}
        />
      ) : null}
    </Card>
  );
});
