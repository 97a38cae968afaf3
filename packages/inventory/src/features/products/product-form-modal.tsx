import { FIELDS } from '@gudang/api-client';
import type { Product, ProductInput } from '@gudang/api-client';
import { Button, Modal, QuantityField, TextField, readIntegerInput } from '@gudang/shared-ui';
import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';

const FIELD_REQUIRED = 'Wajib diisi';

interface FormValues {
  barcode_id: string;
  code: string;
  name: string;
  /** Text as typed ('1.000'); read with readIntegerInput when saving. */
  initial_stock: string;
  category: string;
  brand: string;
}

type TextKey = Exclude<keyof FormValues, 'initial_stock'>;
type Errors = Partial<Record<keyof FormValues, string>>;

const EMPTY: FormValues = {
  barcode_id: '',
  code: '',
  name: '',
  initial_stock: '',
  category: '',
  brand: '',
};

/** Stok Awal: a whole number of at least 0 (SPEC.md point 5), up to the column's bound. */
const STOCK = { label: FIELDS.initial_stock.label, min: 0, max: FIELDS.initial_stock.max };

function valuesOf(product: Product | null): FormValues {
  if (!product) return EMPTY;
  return {
    barcode_id: product.barcode_id,
    code: product.code,
    name: product.name,
    initial_stock: String(product.initial_stock),
    category: product.category,
    brand: product.brand,
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
  const stock = readIntegerInput(values.initial_stock, STOCK);
  if (stock.error !== undefined) errors.initial_stock = stock.error;
  if (Object.keys(errors).length > 0 || stock.value === undefined) return { errors };
  return {
    input: {
      barcode_id: values.barcode_id.trim(),
      code: values.code.trim(),
      name: values.name.trim(),
      initial_stock: stock.value,
      category: values.category.trim(),
      brand: values.brand.trim(),
    },
  };
}

export interface ProductFormModalProps {
  open: boolean;
  /** The product being edited; null to add one. */
  product: Product | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when saved (the modal closes), false to keep it open. */
  onSubmit: (input: ProductInput) => Promise<boolean>;
}

export function ProductFormModal(props: ProductFormModalProps) {
  // A fresh form for each opening: remounted by key, prefilled from the chosen row.
  if (!props.open) return null;
  return <ProductForm key={props.product?.id ?? 'new'} {...props} />;
}

function ProductForm({ product, saving, onClose, onSubmit }: ProductFormModalProps) {
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => valuesOf(product));
  const [errors, setErrors] = useState<Errors>({});

  const set = (field: keyof FormValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = toInput(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    await onSubmit(checked.input);
  };

  const text = (key: TextKey, label: string, extra: { autoFocus?: boolean } = {}) => (
    <TextField
      label={label}
      value={values[key]}
      required
      maxLength={FIELDS[key].maxLength}
      error={errors[key]}
      onChange={(event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value)}
      {...extra}
    />
  );

  return (
    <Modal
      open
      title={product ? 'Edit Produk' : 'Tambah Produk'}
      onClose={onClose}
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
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        {text('barcode_id', 'Barcode ID', { autoFocus: true })}
        {text('code', 'Kode')}
        {text('name', 'Nama Barang')}
        <QuantityField
          label={STOCK.label}
          min={STOCK.min}
          max={STOCK.max}
          value={values.initial_stock}
          required
          error={errors.initial_stock}
          onChange={(value) => set('initial_stock', value)}
        />
        {text('category', 'Kategori')}
        {text('brand', 'Merk')}
      </form>
    </Modal>
  );
}
