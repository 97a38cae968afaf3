import { MESSAGES, errorMessage } from '@gudang/api-client';
import type { IncomingGoods, IncomingGoodsInput, Product } from '@gudang/api-client';
import {
  Button,
  DateField,
  Modal,
  NumberField,
  ProductPicker,
  TextField,
  todayIso,
  useToast,
} from '@gudang/shared-ui';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  useCreateIncomingGoodsMutation,
  useUpdateIncomingGoodsMutation,
} from './incoming-goods-api';
import { useResiDuplicate } from './use-resi-check';

export const PRODUCT_REQUIRED = 'Pilih produk terlebih dahulu';
export const FIELD_REQUIRED = 'Wajib diisi';
type Field = 'product' | 'date' | 'resi' | 'quantity' | 'platform';
const PLATFORMS = ['Shopee', 'Tokopedia', 'TikTok Shop', 'Lazada'] as const;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

/** Quantity input accepts only empty or a positive integer (SPEC.md point 5). */
const acceptsQuantity = (text: string): boolean => text === '' || /^[1-9]\d*$/.test(text);

/** The record's product as the picker shows it (name and code; stock is not used here). */
function productOf(record: IncomingGoods): Product {
  return {
    id: record.product_id,
    barcode_id: record.barcode,
    code: record.product_code,
    name: record.product_name,
    category: record.category,
    brand: record.brand,
    initial_stock: 0,
    current_stock: 0,
  };
}

export interface IncomingGoodsFormProps {
  /** The row to edit; null to add a new record. */
  record: IncomingGoods | null;
  onClose: () => void;
}

/** Add/edit modal of Barang Masuk. Mounted fresh for each opening, so closing resets it. */
export function IncomingGoodsForm({ record, onClose }: IncomingGoodsFormProps) {
  const formId = useId();
  const toast = useToast();
  const [product, setProduct] = useState<Product | null>(record ? productOf(record) : null);
  const [date, setDate] = useState(record?.date ?? todayIso());
  const [resi, setResi] = useState(record?.resi_number ?? '');
  const [quantity, setQuantity] = useState(record ? String(record.quantity) : '');
  const [platform, setPlatform] = useState(record?.platform ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const clearError = (field: Field) =>
    setErrors((previous) => ({ ...previous, [field]: undefined }));

  const duplicate = useResiDuplicate(resi, record?.id);
  const [createIncoming, createState] = useCreateIncomingGoodsMutation();
  const [updateIncoming, updateState] = useUpdateIncomingGoodsMutation();
  const saving = createState.isLoading || updateState.isLoading;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = Number(quantity);
    const quantityOk = Number.isInteger(amount) && amount > 0;
    const found: Partial<Record<Field, string>> = {
      product: product ? undefined : PRODUCT_REQUIRED,
      date: date === '' ? FIELD_REQUIRED : undefined,
      resi: resi.trim() === '' ? FIELD_REQUIRED : undefined,
      quantity: quantityOk ? undefined : MESSAGES.quantityPositive,
      platform: platform.trim() === '' ? FIELD_REQUIRED : undefined,
    };
    setErrors(found);
    if (!product || Object.values(found).some(Boolean) || duplicate || saving) return;

    const body: IncomingGoodsInput = {
      product_code: product.code,
      product_name: product.name,
      category: product.category,
      brand: product.brand,
      resi_number: resi.trim(),
      quantity: amount,
      platform: platform.trim(),
      date,
    };
    try {
      if (record) {
        await updateIncoming({ id: record.id, body }).unwrap();
        toast.success(MESSAGES.dataUpdated);
      } else {
        await createIncoming(body).unwrap();
        toast.success(MESSAGES.incomingCreated);
      }
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.saveFailed));
    }
  };

  return (
    <Modal
      open
      title={record ? 'Edit Barang Masuk' : 'Tambah Barang Masuk'}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Batal
          </Button>
          <Button
            type="submit"
            form={formId}
            busy={saving}
            busyText="Menyimpan..."
            disabled={duplicate}
          >
            Simpan
          </Button>
        </>
      }
    >
      {/* Own checks instead of the browser's, so that the messages are the spec's Indonesian. */}
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)}>
        <ProductPicker
          label="Produk"
          placeholder="Cari dan pilih produk..."
          value={product}
          required
          error={errors.product}
          onChange={(next) => {
            setProduct(next);
            if (next) clearError('product');
          }}
        />
        <Grid>
          <TextField label="Nama Barang" value={product?.name ?? ''} readOnly />
          <TextField label="Kategori" value={product?.category ?? ''} readOnly />
          <TextField label="Merk" value={product?.brand ?? ''} readOnly />
          <DateField
            label="Tanggal"
            value={date}
            required
            error={errors.date}
            onChange={(event) => {
              setDate(event.target.value);
              clearError('date');
            }}
          />
          <TextField
            label="Nomor Resi"
            value={resi}
            required
            error={duplicate ? MESSAGES.resiUsedInline : errors.resi}
            onChange={(event) => {
              setResi(event.target.value);
              clearError('resi');
            }}
          />
          <NumberField
            label="Jumlah"
            value={quantity}
            min={1}
            step={1}
            inputMode="numeric"
            required
            error={errors.quantity}
            onChange={(event) => {
              if (!acceptsQuantity(event.target.value)) return;
              setQuantity(event.target.value);
              clearError('quantity');
            }}
          />
          <TextField
            label="Platform"
            value={platform}
            required
            list={`${formId}-platforms`}
            error={errors.platform}
            onChange={(event) => {
              setPlatform(event.target.value);
              clearError('platform');
            }}
          />
        </Grid>
        <datalist id={`${formId}-platforms`}>
          {PLATFORMS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </form>
    </Modal>
  );
}
