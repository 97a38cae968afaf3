import { FIELDS, MESSAGES, useGetAllProductsQuery } from '@gudang/api-client';
import type { DamagedGoods, DamagedGoodsInput } from '@gudang/api-client';
import {
  FieldGrid,
  FormModal,
  CameraScan,
  CameraScanField,
  DateField,
  ProductPicker,
  QuantityField,
  TextField,
  dateWindowError,
  formatIntegerInput,
  readIntegerInput,
  todayIso,
  useSaveRecord,
  useToast,
  type PickedProduct,
} from '@gudang/shared-ui';
import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useCreateDamagedGoodsMutation, useUpdateDamagedGoodsMutation } from './damaged-goods-api';

export const FIELD_REQUIRED = 'Wajib diisi';
/**
 * Under Jumlah Rusak: a damaged record does not take units out of stock (ADR 0004); units that
 * leave the warehouse are recorded as outgoing goods.
 */
export const DAMAGED_STOCK_HINT =
  'Stok produk tidak berkurang. Barang rusak yang dikeluarkan dari gudang dicatat di Barang Keluar.';

const FullRow = styled.div`
  grid-column: 1 / -1;
`;

const Found = styled.span`
  color: ${({ theme }) => theme.colors.greenText};
`;

const OverStock = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.amberText};
`;

type Values = Record<
  'date' | 'barcode_id' | 'code' | 'name' | 'stock' | 'category' | 'brand' | 'damage_reason',
  string
>;
type TextKey = Exclude<keyof Values, 'stock' | 'date'>;

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
  stock: formatIntegerInput(record.stock),
  category: record.category,
  brand: record.brand,
  damage_reason: record.damage_reason,
});

/** What a user fills by hand when the barcode is not in the database. */
const HAND_FILLED = ['code', 'name', 'category', 'brand'] as const;

/** Jumlah Rusak: a whole number of at least 1 (docs/product.md point 5), up to the contract's bound. */
const QUANTITY = { label: FIELDS.stock.label, min: 1, max: FIELDS.stock.max };

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
  const toast = useToast();
  const barcodeRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const [initial] = useState<Values>(() => (record ? valuesOf(record) : emptyValues()));
  const [values, setValues] = useState<Values>(initial);
  const dirty = (Object.keys(initial) as (keyof Values)[]).some(
    (key) => values[key] !== initial[key],
  );
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  // The product chosen in the picker, for when the product list has not caught up with it.
  const [picked, setPicked] = useState<PickedProduct | null>(null);
  const { currentData: products } = useGetAllProductsQuery();
  const [createDamaged, createState] = useCreateDamagedGoodsMutation();
  const [updateDamaged, updateState] = useUpdateDamagedGoodsMutation();
  const saveRecord = useSaveRecord(createDamaged, updateDamaged, {
    created: MESSAGES.damagedCreated,
    updated: MESSAGES.damagedUpdated,
    failure: MESSAGES.damagedSaveFailed,
  });
  const saving = createState.isLoading || updateState.isLoading;

  // The barcode is checked against the product list on every change (docs/product.md point 4).
  const barcode = values.barcode_id.trim();
  const match = useMemo(() => {
    if (barcode === '') return undefined;
    if (picked?.barcode_id === barcode) return picked;
    return products?.data.find((p) => p.barcode_id === barcode);
  }, [barcode, products, picked]);
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

  // More damaged units than the product has is allowed (ADR 0004) but most likely a typo.
  const typedQuantity = readIntegerInput(values.stock, QUANTITY).value;
  const overStock =
    match !== undefined && typedQuantity !== undefined && typedQuantity > match.current_stock;

  const set = (key: keyof Values, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  // A barcode that is not in the system (or no barcode at hand): the product is picked by name
  // or code instead, and its barcode fills in.
  const pick = (product: PickedProduct | null) => {
    setPicked(product);
    set('barcode_id', product ? product.barcode_id : '');
    if (product) quantityRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found: Partial<Record<keyof Values, string>> = {};
    for (const key of Object.keys(shown) as (keyof Values)[]) {
      // Spaces alone are no value.
      if (shown[key].trim() === '') found[key] = FIELD_REQUIRED;
    }
    // An unknown barcode: the record is accepted when the product's data is filled in by hand,
    // as the message invites (damaged goods do not touch stock, and the server keeps such a
    // record without a product). Until then saving is refused with docs/product.md's message.
    if (barcodeUnknown && HAND_FILLED.some((key) => found[key] !== undefined)) {
      setErrors(found);
      toast.error(MESSAGES.damagedBarcodeNotFound);
      return;
    }
    found.date ??= dateWindowError(shown.date, FIELDS.date.label);
    const stock = readIntegerInput(shown.stock, QUANTITY);
    found.stock = stock.error;
    setErrors(found);
    if (Object.values(found).some(Boolean) || stock.value === undefined) return;

    const body: DamagedGoodsInput = {
      barcode_id: barcode,
      code: shown.code.trim(),
      name: shown.name.trim(),
      stock: stock.value,
      category: shown.category.trim(),
      brand: shown.brand.trim(),
      damage_reason: shown.damage_reason.trim(),
      date: shown.date,
    };
    if (await saveRecord(body, record?.id)) onClose();
  };

  const text = (key: Exclude<TextKey, 'barcode_id'>, label: string, locked = false) => (
    <TextField
      label={label}
      value={shown[key]}
      required
      readOnly={locked}
      maxLength={FIELDS[key].maxLength}
      // Filled from the scanned product: an earlier 'Wajib diisi' no longer holds.
      error={locked ? undefined : errors[key]}
      onChange={(event) => set(key, event.target.value)}
    />
  );

  return (
    // FormModal's form has noValidate: own checks instead of the browser's, so that the
    // messages are Indonesian.
    <FormModal
      title={record ? 'Edit Barang Rusak' : 'Tambah Barang Rusak'}
      onClose={onClose}
      size="lg"
      dirty={dirty}
      saving={saving}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FieldGrid>
        <DateField
          label="Tanggal"
          value={values.date}
          required
          error={errors.date}
          onChange={(event) => set('date', event.target.value)}
        />
        <CameraScanField>
          <TextField
            ref={barcodeRef}
            label="Barcode (Scan Required)"
            // A scan right after opening goes into the barcode, not the date above it.
            autoFocus
            value={values.barcode_id}
            required
            autoComplete="off"
            maxLength={FIELDS.barcode_id.maxLength}
            error={barcodeUnknown ? MESSAGES.barcodeNotFound : errors.barcode_id}
            hint={match ? <Found>{MESSAGES.productFound(match.name)}</Found> : undefined}
            onChange={(event) => set('barcode_id', event.target.value)}
            onKeyDown={(event) => {
              // A scanner (or the camera) ends the code with Enter: a known product goes on to
              // Jumlah Rusak rather than submitting half a form.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const code = event.currentTarget.value.trim();
              if (products?.data.some((p) => p.barcode_id === code)) quantityRef.current?.focus();
            }}
          />
          <CameraScan target={barcodeRef} />
        </CameraScanField>
        <FullRow>
          <ProductPicker
            label="Produk"
            placeholder="Cari dan pilih produk..."
            value={match ?? null}
            onChange={pick}
          />
        </FullRow>
        {text('code', 'Kode Barang', match !== undefined)}
        {text('name', 'Nama Barang', match !== undefined)}
        <QuantityField
          ref={quantityRef}
          label={QUANTITY.label}
          min={QUANTITY.min}
          max={QUANTITY.max}
          value={values.stock}
          required
          error={errors.stock}
          hint={
            overStock ? (
              <>
                <OverStock>{MESSAGES.damagedOverStock(match.current_stock)}</OverStock>
                {DAMAGED_STOCK_HINT}
              </>
            ) : (
              DAMAGED_STOCK_HINT
            )
          }
          onChange={(value) => set('stock', value)}
        />
        {text('category', 'Kategori', match !== undefined)}
        {text('brand', 'Merk', match !== undefined)}
        {text('damage_reason', 'Alasan Kerusakan')}
      </FieldGrid>
    </FormModal>
  );
}
