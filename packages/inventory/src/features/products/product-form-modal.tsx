import type { Product, ProductInput } from '@gudang/api-client';
import { Button, Modal, NumberField, TextField } from '@gudang/shared-ui';
import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent, KeyboardEvent } from 'react';

interface FormValues {
  barcode_id: string;
  code: string;
  name: string;
  /** Text while typing; '' when empty. */
  initial_stock: string;
  category: string;
  brand: string;
}

const EMPTY: FormValues = {
  barcode_id: '',
  code: '',
  name: '',
  initial_stock: '',
  category: '',
  brand: '',
};

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

/** The filled form as the API wants it, or null while a required field is missing. */
function toInput(values: FormValues): ProductInput | null {
  const text = {
    barcode_id: values.barcode_id.trim(),
    code: values.code.trim(),
    name: values.name.trim(),
    category: values.category.trim(),
    brand: values.brand.trim(),
  };
  const stock = Number(values.initial_stock);
  if (Object.values(text).some((value) => value === '')) return null;
  if (values.initial_stock === '' || !Number.isInteger(stock) || stock < 0) return null;
  return { ...text, initial_stock: stock };
}

// Keys that would start a negative, fractional or exponent number (SPEC.md point 5).
const BLOCKED_STOCK_KEYS = new Set(['-', '+', 'e', 'E', '.', ',']);

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

  const change = (field: keyof FormValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const changeStock = (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    // Negative or malformed input is ignored, the value stays as it was.
    if (event.target.validity.badInput) return;
    if (value !== '') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) return;
    }
    setValues((previous) => ({ ...previous, initial_stock: value }));
  };

  const blockStockKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (BLOCKED_STOCK_KEYS.has(event.key)) event.preventDefault();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const input = toInput(values);
    if (!input) {
      event.currentTarget.reportValidity();
      return;
    }
    await onSubmit(input);
  };

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
      <form id={formId} onSubmit={(event) => void submit(event)}>
        <TextField
          label="Barcode ID"
          value={values.barcode_id}
          onChange={change('barcode_id')}
          required
          autoFocus
        />
        <TextField label="Kode" value={values.code} onChange={change('code')} required />
        <TextField label="Nama Barang" value={values.name} onChange={change('name')} required />
        <NumberField
          label="Stok Awal"
          value={values.initial_stock}
          onChange={changeStock}
          onKeyDown={blockStockKeys}
          min={0}
          step={1}
          inputMode="numeric"
          required
        />
        <TextField
          label="Kategori"
          value={values.category}
          onChange={change('category')}
          required
        />
        <TextField label="Merk" value={values.brand} onChange={change('brand')} required />
      </form>
    </Modal>
  );
}
