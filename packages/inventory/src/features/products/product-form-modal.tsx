import {
  FIELDS,
  MESSAGES,
  RACK_MESSAGES,
  RACK_PATTERN,
  RESTOCK,
  VALIDATION_MESSAGES,
  isPrintableAscii,
} from '@gudang/api-client';
import type { Product, ProductInput } from '@gudang/api-client';
import {
  FormModal,
  CameraScan,
  CameraScanField,
  MoneyField,
  QuantityField,
  TextField,
  formatIntegerInput,
  formatMoneyInput,
  readIntegerInput,
  readMoneyInput,
  useFormValues,
} from '@gudang/shared-ui';
import type { FormErrors } from '@gudang/shared-ui';
import { useRef } from 'react';
import type { ChangeEvent, FormEvent, KeyboardEvent, RefObject } from 'react';
import styled from 'styled-components';

const FIELD_REQUIRED = 'Wajib diisi';

interface FormValues {
  barcode_id: string;
  code: string;
  name: string;
  /** Text as typed ('1.000'); read with readIntegerInput when saving. */
  initial_stock: string;
  /** Stok Minimum as typed; default 10. */
  min_stock: string;
  category: string;
  brand: string;
  /** Default prices as typed ('1.250.000,50'); empty is 0 (not set). */
  purchase_price: string;
  selling_price: string;
  /** Rak (issue 47): where the product lives ('A-03-2'); empty: none. */
  rack: string;
}

type PriceKey = 'purchase_price' | 'selling_price';
type TextKey = Exclude<keyof FormValues, 'initial_stock' | 'min_stock' | PriceKey | 'rack'>;
type Errors = FormErrors<FormValues>;

const EMPTY: FormValues = {
  barcode_id: '',
  code: '',
  name: '',
  initial_stock: '',
  min_stock: String(RESTOCK.defaultMinStock),
  category: '',
  brand: '',
  purchase_price: '',
  selling_price: '',
  rack: '',
};

const RACK = new RegExp(RACK_PATTERN);
const RACK_HINT = 'Opsional, lokasi di gudang, misalnya A-03-2';

/** Stok Awal: a whole number of at least 0 (docs/product.md point 5), up to the column's bound. */
const STOCK = { label: FIELDS.initial_stock.label, min: 0, max: FIELDS.initial_stock.max };
/** Stok Minimum: at or under it the product is listed under 'Perlu Restock'. */
const MIN_STOCK = { label: FIELDS.min_stock.label, min: 0, max: FIELDS.min_stock.max };

/** Harga Beli and Harga Jual: optional amounts of at least 0; a new outgoing transaction takes them. */
const PRICES: Record<PriceKey, { label: string; max: number }> = {
  purchase_price: { label: FIELDS.purchase_price.label, max: FIELDS.purchase_price.max },
  selling_price: { label: FIELDS.selling_price.label, max: FIELDS.selling_price.max },
};
const PRICE_HINT = 'Opsional, per unit';
const PRICES_NOTE = 'Barang keluar baru memakai harga ini; transaksi yang sudah ada tidak berubah.';

/** A stored default price in the field: empty when not set (0). */
const priceText = (value: number | undefined) => (value ? formatMoneyInput(value) : '');

/** An empty price field is 0 (not set); anything else is read as typed. */
const readPrice = (key: PriceKey, text: string): ReturnType<typeof readMoneyInput> =>
  text.trim() === '' ? { value: 0 } : readMoneyInput(text, PRICES[key]);

const Prices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 0 ${({ theme }) => theme.spacing.md};
`;

const PricesNote = styled.p`
  margin: -${({ theme }) => theme.spacing.sm} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

function valuesOf(product: Product | null): FormValues {
  if (!product) return EMPTY;
  return {
    barcode_id: product.barcode_id,
    code: product.code,
    name: product.name,
    initial_stock: formatIntegerInput(product.initial_stock),
    min_stock: formatIntegerInput(product.min_stock ?? RESTOCK.defaultMinStock),
    category: product.category,
    brand: product.brand,
    purchase_price: priceText(product.purchase_price),
    selling_price: priceText(product.selling_price),
    rack: product.rack ?? '',
  };
}

const TEXT_KEYS: readonly TextKey[] = ['barcode_id', 'code', 'name', 'category', 'brand'];

/** The filled form as the API wants it, or the message of each field that is not right. */
function toInput(values: FormValues): { input: ProductInput } | { errors: Errors } {
  const errors: Errors = {};
  for (const key of TEXT_KEYS) {
    // Spaces alone are no value: 'Wajib diisi', as in the other forms.
    if (values[key].trim() === '') errors[key] = FIELD_REQUIRED;
  }
  // The label is drawn as CODE128: printable ASCII only, the server's rule too.
  if (!errors.barcode_id && !isPrintableAscii(values.barcode_id.trim())) {
    errors.barcode_id = VALIDATION_MESSAGES.printableAscii(FIELDS.barcode_id.label);
  }
  const stock = readIntegerInput(values.initial_stock, STOCK);
  if (stock.error !== undefined) errors.initial_stock = stock.error;
  const minStock = readIntegerInput(values.min_stock, MIN_STOCK);
  if (minStock.error !== undefined) errors.min_stock = minStock.error;
  const purchase = readPrice('purchase_price', values.purchase_price);
  if (purchase.error !== undefined) errors.purchase_price = purchase.error;
  const selling = readPrice('selling_price', values.selling_price);
  if (selling.error !== undefined) errors.selling_price = selling.error;
  const rack = values.rack.trim().toUpperCase();
  if (rack.length > FIELDS.rack.maxLength || !RACK.test(rack)) errors.rack = RACK_MESSAGES.invalid;
  if (
    Object.keys(errors).length > 0 ||
    stock.value === undefined ||
    minStock.value === undefined ||
    purchase.value === undefined ||
    selling.value === undefined
  ) {
    return { errors };
  }
  return {
    input: {
      barcode_id: values.barcode_id.trim(),
      code: values.code.trim(),
      name: values.name.trim(),
      initial_stock: stock.value,
      min_stock: minStock.value,
      category: values.category.trim(),
      brand: values.brand.trim(),
      purchase_price: purchase.value,
      selling_price: selling.value,
      // '' clears the rack; the server stores it in capitals.
      rack: rack === '' ? null : rack,
    },
  };
}

/**
 * The body of an edit. The fields an update keeps when absent go only when the user changed them
 * from what the form loaded: Harga Beli is a moving average that receipts move while a form is
 * open (ADR 0015), and sending the loaded one back would set it by hand. updated_at is the copy's
 * time: the server refuses the edit (409) when someone saved the product since.
 */
function editInput(input: ProductInput, product: Product): ProductInput {
  const loaded = toInput(valuesOf(product));
  const { purchase_price, selling_price, min_stock, rack, ...required } = input;
  const was: Partial<ProductInput> = 'input' in loaded ? loaded.input : {};
  return {
    ...required,
    ...(purchase_price === was.purchase_price ? {} : { purchase_price }),
    ...(selling_price === was.selling_price ? {} : { selling_price }),
    ...(min_stock === was.min_stock ? {} : { min_stock }),
    ...(rack === was.rack ? {} : { rack }),
    ...(product.updated_at === undefined ? {} : { updated_at: product.updated_at }),
  };
}

/** The Barcode ID and Kode the server refused as another product's (trimmed, as sent). */
export type TakenValues = Partial<Record<'barcode_id' | 'code', string>>;

/** Which sent value a save's refusal names as taken, if any. */
export function takenBy(message: string, input: ProductInput): TakenValues {
  if (message === MESSAGES.barcodeIdTaken) return { barcode_id: input.barcode_id };
  if (message === MESSAGES.codeTaken) return { code: input.code };
  return {};
}

const TAKEN_MESSAGES = { barcode_id: MESSAGES.barcodeIdTaken, code: MESSAGES.codeTaken } as const;

export interface ProductFormModalProps {
  open: boolean;
  /** The product being edited; null to add one. */
  product: Product | null;
  saving: boolean;
  /** Values the last save was refused for: the message stays beside the field until it changes. */
  taken?: TakenValues;
  onClose: () => void;
  /** Resolves true when saved (the modal closes), false to keep it open. */
  onSubmit: (input: ProductInput) => Promise<boolean>;
}

export function ProductFormModal(props: ProductFormModalProps) {
  // A fresh form for each opening: remounted by key, prefilled from the chosen row.
  if (!props.open) return null;
  return <ProductForm key={props.product?.id ?? 'new'} {...props} />;
}

function ProductForm({ product, saving, taken = {}, onClose, onSubmit }: ProductFormModalProps) {
  const { values, errors, setErrors, dirty, set } = useFormValues(() => valuesOf(product));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = toInput(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    await onSubmit(product ? editInput(checked.input, product) : checked.input);
  };

  // A scanner (or the camera) types the barcode and Enter: Kode comes next, not a half saved form.
  const barcodeRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const barcodeEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    codeRef.current?.focus();
  };

  const takenError = (key: TextKey) =>
    (key === 'barcode_id' || key === 'code') &&
    taken[key] !== undefined &&
    taken[key] === values[key].trim()
      ? TAKEN_MESSAGES[key]
      : undefined;

  const text = (
    key: TextKey,
    label: string,
    extra: {
      autoFocus?: boolean;
      ref?: RefObject<HTMLInputElement | null>;
      onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
    } = {},
  ) => (
    <TextField
      label={label}
      value={values[key]}
      required
      maxLength={FIELDS[key].maxLength}
      error={errors[key] ?? takenError(key)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value)}
      {...extra}
    />
  );

  const quantity = (
    key: 'initial_stock' | 'min_stock',
    field: { label: string; min: number; max: number },
  ) => (
    <QuantityField
      label={field.label}
      min={field.min}
      max={field.max}
      value={values[key]}
      required
      error={errors[key]}
      onChange={(value) => set(key, value)}
    />
  );

  return (
    // FormModal's form has noValidate: own checks instead of the browser's, so that the
    // messages are Indonesian.
    <FormModal
      title={product ? 'Edit Produk' : 'Tambah Produk'}
      onClose={onClose}
      dirty={dirty}
      saving={saving}
      onSubmit={(event) => void submit(event)}
    >
      <CameraScanField>
        {text('barcode_id', 'Barcode ID', {
          autoFocus: true,
          ref: barcodeRef,
          onKeyDown: barcodeEnter,
        })}
        <CameraScan target={barcodeRef} />
      </CameraScanField>
      {text('code', 'Kode', { ref: codeRef })}
      {text('name', 'Nama Barang')}
      {quantity('initial_stock', STOCK)}
      {quantity('min_stock', MIN_STOCK)}
      {text('category', 'Kategori')}
      {text('brand', 'Merk')}
      <TextField
        label={FIELDS.rack.label}
        value={values.rack}
        maxLength={FIELDS.rack.maxLength}
        hint={RACK_HINT}
        error={errors.rack}
        autoCapitalize="characters"
        onChange={(event: ChangeEvent<HTMLInputElement>) => set('rack', event.target.value)}
      />
      <Prices>
        {(['purchase_price', 'selling_price'] as const).map((key) => (
          <MoneyField
            key={key}
            label={PRICES[key].label}
            max={PRICES[key].max}
            value={values[key]}
            placeholder="0"
            hint={PRICE_HINT}
            error={errors[key]}
            onChange={(value) => set(key, value)}
          />
        ))}
      </Prices>
      <PricesNote>{PRICES_NOTE}</PricesNote>
    </FormModal>
  );
}
