import { FIELDS, MESSAGES } from '@gudang/api-client';
import type { IncomingGoods, IncomingGoodsInput } from '@gudang/api-client';
import {
  FieldGrid,
  MoneyField,
  ProductPicker,
  TextField,
  formatMoneyInput,
  readMoneyInput,
} from '@gudang/shared-ui';
import { useId, useRef, useState } from 'react';
import {
  useCheckIncomingResiQuery,
  useCreateIncomingGoodsMutation,
  useUpdateIncomingGoodsMutation,
} from './incoming-goods-api';
import {
  FIELD_REQUIRED,
  MovementDetailFields,
  MovementFormModal,
  MovementQuantityField,
  useMovementForm,
} from './movement-form';
import type { MovementEndpoints } from './movement-form';

const PLATFORMS = ['Shopee', 'Tokopedia', 'TikTok Shop', 'Lazada'] as const;

/** 'Harga Beli' per unit: optional; moves the product's moving-average cost. */
const PRICE = { label: FIELDS.purchase_price.label, min: 0, max: FIELDS.purchase_price.max };
export const PRICE_HINT_INCOMING =
  'Opsional, per unit. Kosong: harga List Order yang cocok, atau harga beli produk';

const ENDPOINTS: MovementEndpoints<IncomingGoodsInput> = {
  useCreate: useCreateIncomingGoodsMutation,
  useUpdate: useUpdateIncomingGoodsMutation,
  useCheckResi: useCheckIncomingResiQuery,
  createdMessage: MESSAGES.incomingCreated,
};

export interface IncomingGoodsFormProps {
  /** The row to edit; null to add a new record. */
  record: IncomingGoods | null;
  onClose: () => void;
}

/** Add/edit modal of Barang Masuk. Mounted fresh for each opening, so closing resets it. */
export function IncomingGoodsForm({ record, onClose }: IncomingGoodsFormProps) {
  const listId = useId();
  const form = useMovementForm<IncomingGoodsInput, 'platform'>({
    record,
    endpoints: ENDPOINTS,
    onClose,
  });
  const { product, errors, clearError } = form;
  // Keyboard flow: Produk -> Nomor Resi -> Jumlah, without the mouse.
  const resiRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const [platform, setPlatform] = useState(record?.platform ?? '');
  const initialPrice =
    record?.purchase_price === undefined ? '' : formatMoneyInput(record.purchase_price);
  const [price, setPrice] = useState(initialPrice);
  const [priceError, setPriceError] = useState<string | undefined>(undefined);

  const onSubmit = () => {
    const found = {
      ...form.sharedErrors(),
      platform: platform.trim() === '' ? FIELD_REQUIRED : undefined,
    };
    form.setErrors(found);
    const unitPrice = price.trim() === '' ? undefined : readMoneyInput(price, PRICE);
    setPriceError(unitPrice?.error);
    if (unitPrice?.error !== undefined) return;
    if (!product || Object.values(found).some(Boolean) || form.duplicate || form.saving) return;
    void form.save({
      product_code: product.code,
      product_name: product.name,
      category: product.category,
      brand: product.brand,
      resi_number: form.resi.trim(),
      quantity: form.amount,
      platform: platform.trim(),
      date: form.date,
      ...(unitPrice?.value === undefined ? {} : { purchase_price: unitPrice.value }),
    });
  };

  return (
    <MovementFormModal
      title={record ? 'Edit Barang Masuk' : 'Tambah Barang Masuk'}
      saving={form.saving}
      blocked={form.duplicate}
      dirty={form.changed || platform !== (record?.platform ?? '') || price !== initialPrice}
      onClose={onClose}
      onSubmit={onSubmit}
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
          form.setProduct(next);
          if (!next) return;
          clearError('product');
          // Picked (by mouse or Enter): the next thing to type is the resi.
          resiRef.current?.focus();
        }}
      />
      <FieldGrid>
        <MovementDetailFields form={form} resiRef={resiRef} quantityRef={quantityRef} />
        <MovementQuantityField
          ref={quantityRef}
          value={form.quantity}
          error={errors.quantity}
          onChange={(text) => {
            form.setQuantity(text);
            clearError('quantity');
          }}
        />
        <TextField
          label="Platform"
          value={platform}
          required
          maxLength={FIELDS.platform.maxLength}
          list={`${listId}-platforms`}
          error={errors.platform}
          onChange={(event) => {
            setPlatform(event.target.value);
            clearError('platform');
          }}
        />
        <MoneyField
          label={PRICE.label}
          max={PRICE.max}
          value={price}
          placeholder="0"
          hint={PRICE_HINT_INCOMING}
          error={priceError}
          onChange={(text) => {
            setPrice(text);
            setPriceError(undefined);
          }}
        />
      </FieldGrid>
      <datalist id={`${listId}-platforms`}>
        {PLATFORMS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </MovementFormModal>
  );
}
