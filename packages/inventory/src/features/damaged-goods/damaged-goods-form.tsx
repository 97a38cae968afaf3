import { MESSAGES, useGetAllProductsQuery } from '@gudang/api-client';
import type { DamagedGoods, DamagedGoodsInput } from '@gudang/api-client';
import {
  Button,
  DateField,
  Modal,
  NumberField,
  TextField,
  todayIso,
  useSaveRecord,
  useToast,
} from '@gudang/shared-ui';
import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useCreateDamagedGoodsMutation, useUpdateDamagedGoodsMutation } from './damaged-goods-api';

export const FIELD_REQUIRED = 'Wajib diisi';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

const Found = styled.span`
  color: ${({ theme }) => theme.colors.greenText};
`;

type Values = Record<
  'date' | 'barcode_id' | 'code' | 'name' | 'stock' | 'category' | 'brand' | 'damage_reason',
  string
>;
type TextKey = Exclude<keyof Values, 'stock'>;

const emptyValues = (): Values => ({
  date: todayIso(),
  barcode_id: '',
  code: '',
  name: '',
  stock: '',
  category: '',
  brand: '',
  damage_reason: '',
});

const valuesOf = (record: DamagedGoods): Values => ({
  date: record.date,
  barcode_id: record.barcode_id,
  code: record.code,
  name: record.name,
  stock: String(record.stock),
  category: record.category,
  brand: record.brand,
  damage_reason: record.damage_reason,
});

/** Jumlah Rusak accepts only empty or a positive integer (SPEC.md point 5). */
const acceptsQuantity = (text: string): boolean => text === '' || /^[1-9]\d*$/.test(text);

export interface DamagedGoodsFormProps {
  /** The row to edit; null to add a new record. */
  record: DamagedGoods | null;
  onClose: () => void;
}

/**
 * Add/edit modal of Barang Rusak. Mounted fresh for each opening, so Batal leaves the next
 * opening empty with today's date.
 */
export function DamagedGoodsForm({ record, onClose }: DamagedGoodsFormProps) {
  const formId = useId();
  const toast = useToast();
  const [values, setValues] = useState<Values>(() => (record ? valuesOf(record) : emptyValues()));
  const [missing, setMissing] = useState<ReadonlySet<keyof Values>>(new Set());
  const { currentData: products } = useGetAllProductsQuery();
  const [createDamaged, createState] = useCreateDamagedGoodsMutation();
  const [updateDamaged, updateState] = useUpdateDamagedGoodsMutation();
  const saveRecord = useSaveRecord(createDamaged, updateDamaged, {
    created: MESSAGES.damagedCreated,
    updated: MESSAGES.damagedUpdated,
    failure: MESSAGES.damagedSaveFailed,
  });
  const saving = createState.isLoading || updateState.isLoading;

  // The barcode is checked against the product list on every change (SPEC.md point 4).
  const barcode = values.barcode_id.trim();
  const match = useMemo(
    () => (barcode === '' ? undefined : products?.data.find((p) => p.barcode_id === barcode)),
    [barcode, products],
  );
  const barcodeUnknown = barcode !== '' && products !== undefined && match === undefined;

  // A matched product fills and locks code, name, category and brand.
  const shown: Values = match
    ? {
        ...values,
        code: match.code,
        name: match.name,
        category: match.category,
        brand: match.brand,
      }
    : values;

  const set = (key: keyof Values, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setMissing((previous) => {
      if (!previous.has(key)) return previous;
      const next = new Set(previous);
      next.delete(key);
      return next;
    });
  };

  const required = (key: keyof Values) => (missing.has(key) ? FIELD_REQUIRED : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (barcodeUnknown) {
      toast.error(MESSAGES.damagedBarcodeNotFound);
      return;
    }
    const empty = new Set(
      (Object.keys(shown) as (keyof Values)[]).filter((key) => shown[key].trim() === ''),
    );
    setMissing(empty);
    const stock = Number(shown.stock);
    if (empty.size > 0 || !Number.isInteger(stock) || stock < 1) return;

    const body: DamagedGoodsInput = {
      barcode_id: barcode,
      code: shown.code.trim(),
      name: shown.name.trim(),
      stock,
      category: shown.category.trim(),
      brand: shown.brand.trim(),
      damage_reason: shown.damage_reason.trim(),
      date: shown.date,
    };
    if (await saveRecord(body, record?.id)) onClose();
  };

  const text = (key: TextKey, label: string, locked = false) => (
    <TextField
      label={label}
      value={shown[key]}
      required
      readOnly={locked}
      error={required(key)}
      onChange={(event) => set(key, event.target.value)}
    />
  );

  return (
    <Modal
      open
      title={record ? 'Edit Barang Rusak' : 'Tambah Barang Rusak'}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Batal
          </Button>
          <Button type="submit" form={formId} busy={saving} busyText="Menyimpan...">
            Simpan
          </Button>
        </>
      }
    >
      {/* Own checks instead of the browser's, so that the messages are Indonesian. */}
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Grid>
          <DateField
            label="Tanggal"
            value={values.date}
            required
            error={required('date')}
            onChange={(event) => set('date', event.target.value)}
          />
          <TextField
            label="Barcode (Scan Required)"
            value={values.barcode_id}
            required
            autoComplete="off"
            error={barcodeUnknown ? MESSAGES.barcodeNotFound : required('barcode_id')}
            hint={match ? <Found>{MESSAGES.productFound(match.name)}</Found> : undefined}
            onChange={(event) => set('barcode_id', event.target.value)}
          />
          {text('code', 'Kode Barang', match !== undefined)}
          {text('name', 'Nama Barang', match !== undefined)}
          <NumberField
            label="Jumlah Rusak"
            value={values.stock}
            min={1}
            step={1}
            inputMode="numeric"
            required
            error={missing.has('stock') ? MESSAGES.quantityPositive : undefined}
            onChange={(event) => {
              if (acceptsQuantity(event.target.value)) set('stock', event.target.value);
            }}
          />
          {text('category', 'Kategori', match !== undefined)}
          {text('brand', 'Merk', match !== undefined)}
          {text('damage_reason', 'Alasan Kerusakan')}
        </Grid>
      </form>
    </Modal>
  );
}
