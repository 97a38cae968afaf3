import { FIELDS, MESSAGES } from '@gudang/api-client';
import type { Order, OrderInput } from '@gudang/api-client';
import {
  FieldGrid,
  FormModal,
  DateField,
  MoneyField,
  PickedProductFields,
  ProductPicker,
  QuantityField,
  TextField,
  dateWindowError,
  formatIntegerInput,
  formatMoneyInput,
  readIntegerInput,
  readMoneyInput,
  resiCharactersError,
  todayIso,
  useSaveRecord,
  type PickedProduct,
} from '@gudang/shared-ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useCreateOrderMutation, useUpdateOrderMutation } from './orders-api';

export const ORDER_FORM_TEXTS = {
  addTitle: 'Tambah Order',
  editTitle: 'Edit Order',
  productRequired: 'Pilih produk terlebih dahulu',
  required: 'Wajib diisi',
} as const;

const QUANTITY = { label: FIELDS.quantity.label, min: 1, max: FIELDS.quantity.max };
const PRICE = { label: FIELDS.price.label, min: 0, max: FIELDS.price.max };

type FieldName = 'product' | 'date' | 'quantity' | 'price' | 'resi';

/** The order's product as the picker shows it (the list carries no stock). */
const productOf = (order: Order): PickedProduct => ({
  id: order.product_id,
  barcode_id: '',
  code: order.product_code,
  name: order.product_name,
  category: order.category,
  brand: order.brand,
  current_stock: 0,
});

export interface OrderFormModalProps {
  /** The order to edit; null adds a new one. */
  record: Order | null;
  onClose: () => void;
}

/**
 * Tambah Order / Edit Order (docs/product.md points 2, 4 and 5). Mounted fresh for each opening, so
 * Batal or a save leaves nothing behind. The date defaults to the shop's today.
 */
export function OrderFormModal({ record, onClose }: OrderFormModalProps) {
  const [product, setProduct] = useState<PickedProduct | null>(record ? productOf(record) : null);
  const [date, setDate] = useState(record?.date ?? todayIso());
  const [quantity, setQuantity] = useState(record ? formatIntegerInput(record.quantity) : '');
  const [price, setPrice] = useState(record ? formatMoneyInput(record.price) : '');
  const [resi, setResi] = useState(record?.resi_number ?? '');
  const [bank, setBank] = useState(record?.bank ?? '');
  // What the form opened with: closing asks first once something differs.
  const [initial] = useState(() => ({ product, date, quantity, price, resi, bank }));
  const dirty =
    product?.code !== initial.product?.code ||
    date !== initial.date ||
    quantity !== initial.quantity ||
    price !== initial.price ||
    resi !== initial.resi ||
    bank !== initial.bank;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const clearError = (field: FieldName) =>
    setErrors((previous) => ({ ...previous, [field]: undefined }));

  const [create, createState] = useCreateOrderMutation();
  const [update, updateState] = useUpdateOrderMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const saveRecord = useSaveRecord(create, update, {
    created: MESSAGES.orderCreated,
    updated: MESSAGES.orderUpdated,
    failure: MESSAGES.orderSaveFailed,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const amount = readIntegerInput(quantity, QUANTITY);
    const unitPrice = readMoneyInput(price, PRICE);
    const found: Partial<Record<FieldName, string>> = {
      product: product ? undefined : ORDER_FORM_TEXTS.productRequired,
      date: date === '' ? ORDER_FORM_TEXTS.required : dateWindowError(date, FIELDS.date.label),
      quantity: amount.error,
      price: price.trim() === '' ? ORDER_FORM_TEXTS.required : unitPrice.error,
      resi: resi.trim() === '' ? ORDER_FORM_TEXTS.required : resiCharactersError(resi),
    };
    setErrors(found);
    if (!product || amount.value === undefined || unitPrice.value === undefined) return;
    if (Object.values(found).some(Boolean)) return;
    const body: OrderInput = {
      date,
      product_code: product.code,
      product_name: product.name,
      category: product.category,
      brand: product.brand,
      quantity: amount.value,
      price: unitPrice.value,
      resi_number: resi.trim(),
      bank: bank.trim() === '' ? null : bank.trim(),
    };
    if (await saveRecord(body, record?.id)) onClose();
  };

  const title = record ? ORDER_FORM_TEXTS.editTitle : ORDER_FORM_TEXTS.addTitle;
  return (
    // FormModal's form has noValidate: the app's own Indonesian messages, not the browser's
    // bubbles (ADR 0006).
    <FormModal
      title={title}
      onClose={onClose}
      size="lg"
      dirty={dirty}
      saving={saving}
      onSubmit={(event) => void submit(event)}
    >
      <ProductPicker
        label="Produk"
        placeholder="Cari dan pilih produk..."
        value={product}
        required
        // The first field takes the focus on opening (issue 42 m12).
        autoFocus
        error={errors.product}
        onChange={(next) => {
          setProduct(next);
          if (next) clearError('product');
        }}
      />
      <FieldGrid>
        <PickedProductFields product={product} />
        <DateField
          label={FIELDS.date.label}
          value={date}
          required
          error={errors.date}
          onChange={(event) => {
            setDate(event.target.value);
            clearError('date');
          }}
        />
        <QuantityField
          label={QUANTITY.label}
          min={QUANTITY.min}
          max={QUANTITY.max}
          value={quantity}
          required
          error={errors.quantity}
          onChange={(text) => {
            setQuantity(text);
            clearError('quantity');
          }}
        />
        <MoneyField
          label={PRICE.label}
          min={PRICE.min}
          max={PRICE.max}
          value={price}
          required
          error={errors.price}
          onChange={(text) => {
            setPrice(text);
            clearError('price');
          }}
        />
        <TextField
          label={FIELDS.resi_number.label}
          value={resi}
          required
          autoComplete="off"
          maxLength={FIELDS.resi_number.maxLength}
          error={errors.resi}
          onChange={(event) => {
            setResi(event.target.value);
            clearError('resi');
          }}
        />
        <TextField
          label={FIELDS.bank.label}
          value={bank}
          autoComplete="off"
          maxLength={FIELDS.bank.maxLength}
          onChange={(event) => setBank(event.target.value)}
        />
      </FieldGrid>
    </FormModal>
  );
}
