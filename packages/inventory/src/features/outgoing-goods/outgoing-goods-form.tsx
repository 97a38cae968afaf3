import { BARCODE_AUTOFOCUS_MS, MESSAGES, errorMessage } from '@gudang/api-client';
import type { OutgoingGoods, OutgoingGoodsInput, Product } from '@gudang/api-client';
import {
  Button,
  DateField,
  Modal,
  NumberField,
  ProductPicker,
  Spinner,
  StockBadge,
  TextField,
  todayIso,
  useToast,
} from '@gudang/shared-ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  useCreateOutgoingGoodsMutation,
  useUpdateOutgoingGoodsMutation,
} from './outgoing-goods-api';
import { useBarcodeLookup } from './use-barcode-lookup';
import { useResiDuplicate } from './use-resi-check';

export const PRODUCT_REQUIRED = 'Pilih produk terlebih dahulu';
export const FIELD_REQUIRED = 'Wajib diisi';

type Field = 'product' | 'barcode' | 'date' | 'resi' | 'quantity';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

const StockBox = styled.div<{ $blocked: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $blocked }) => ($blocked ? theme.colors.red : theme.colors.borderLight)};
  background: ${({ theme, $blocked }) => ($blocked ? theme.colors.redSoft : theme.colors.grey50)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Line = styled.span`
  display: block;
`;

const Busy = styled.div`
  margin: -${({ theme }) => theme.spacing.sm} 0 ${({ theme }) => theme.spacing.md};
`;

/** Quantity input accepts only empty or a positive integer (SPEC.md point 5). */
const acceptsQuantity = (text: string): boolean => text === '' || /^[1-9]\d*$/.test(text);

function productOf(record: OutgoingGoods): Product {
  return {
    id: record.product_id,
    barcode_id: record.barcode,
    code: record.product_code,
    name: record.product_name,
    category: record.category,
    brand: record.brand,
    initial_stock: 0,
    current_stock: record.current_stock,
  };
}

export interface OutgoingGoodsFormProps {
  /** The row to edit; null to add a new record. */
  record: OutgoingGoods | null;
  onClose: () => void;
}

/** Add/edit modal of Barang Keluar. Mounted fresh for each opening, so closing resets it. */
export function OutgoingGoodsForm({ record, onClose }: OutgoingGoodsFormProps) {
  const formId = useId();
  const toast = useToast();
  const barcodeRef = useRef<HTMLInputElement>(null);
  const [product, setProduct] = useState<Product | null>(record ? productOf(record) : null);
  const [barcode, setBarcode] = useState(record?.barcode ?? '');
  const [date, setDate] = useState(record?.date ?? todayIso());
  const [resi, setResi] = useState(record?.resi_number ?? '');
  const [quantity, setQuantity] = useState(record ? String(record.quantity) : '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const clearError = (field: Field) =>
    setErrors((previous) => ({ ...previous, [field]: undefined }));

  // When editing, the record's own quantity goes back to its product before the new one is taken.
  const availableOf = (candidate: Product): number =>
    candidate.current_stock + (record && record.product_id === candidate.id ? record.quantity : 0);

  const choose = (next: Product | null) => {
    setProduct(next);
    if (!next) return;
    clearError('product');
    if (quantity !== '' && Number(quantity) > availableOf(next)) setQuantity('');
  };

  const lookup = useBarcodeLookup(choose, () => setProduct(null));
  const duplicate = useResiDuplicate(resi, record?.id);
  const [createOutgoing, createState] = useCreateOutgoingGoodsMutation();
  const [updateOutgoing, updateState] = useUpdateOutgoingGoodsMutation();
  const saving = createState.isLoading || updateState.isLoading;

  useEffect(() => {
    const timer = setTimeout(() => barcodeRef.current?.focus(), BARCODE_AUTOFOCUS_MS);
    return () => clearTimeout(timer);
  }, []);

  const available = product ? availableOf(product) : null;
  const outOfStock = available !== null && available <= 0;
  const amount = Number(quantity);
  const overStock = available !== null && !outOfStock && quantity !== '' && amount > available;
  const typedBarcode = barcode.trim();
  const barcodeError =
    lookup.status === 'notFound'
      ? MESSAGES.barcodeNotFound
      : lookup.status === 'idle' &&
          product &&
          typedBarcode !== '' &&
          typedBarcode !== product.barcode_id
        ? MESSAGES.barcodeMismatch
        : errors.barcode;
  const blocked =
    duplicate ||
    outOfStock ||
    overStock ||
    barcodeError !== undefined ||
    lookup.status === 'running';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantityOk = Number.isInteger(amount) && amount > 0;
    const found: Partial<Record<Field, string>> = {
      product: product ? undefined : PRODUCT_REQUIRED,
      barcode: typedBarcode === '' ? FIELD_REQUIRED : undefined,
      date: date === '' ? FIELD_REQUIRED : undefined,
      resi: resi.trim() === '' ? FIELD_REQUIRED : undefined,
      quantity: quantityOk ? undefined : MESSAGES.quantityPositive,
    };
    setErrors(found);
    if (!product || Object.values(found).some(Boolean) || blocked || saving) return;

    const body: OutgoingGoodsInput = {
      product_code: product.code,
      product_name: product.name,
      category: product.category,
      brand: product.brand,
      resi_number: resi.trim(),
      quantity: amount,
      barcode: typedBarcode,
      date,
    };
    try {
      if (record) {
        await updateOutgoing({ id: record.id, body }).unwrap();
        toast.success(MESSAGES.dataUpdated);
      } else {
        await createOutgoing(body).unwrap();
        toast.success(MESSAGES.outgoingCreated);
      }
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.saveFailed));
    }
  };

  return (
    <Modal
      open
      title={record ? 'Edit Barang Keluar' : 'Tambah Barang Keluar'}
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
            disabled={blocked}
          >
            Simpan
          </Button>
        </>
      }
    >
      {/* Own checks instead of the browser's, so that the messages are the spec's Indonesian. */}
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          ref={barcodeRef}
          label="Barcode"
          value={barcode}
          required
          autoComplete="off"
          error={barcodeError}
          onChange={(event) => {
            setBarcode(event.target.value);
            clearError('barcode');
            lookup.typed(event.target.value);
          }}
          onKeyDown={(event) => {
            // A USB scanner types the code and presses Enter: look up, never submit.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            lookup.now(barcode);
          }}
        />
        {lookup.status === 'running' ? (
          <Busy>
            <Spinner size={16} label="Memproses barcode..." />
          </Busy>
        ) : null}
        <ProductPicker
          label="Produk"
          placeholder="Cari dan pilih produk..."
          value={product}
          required
          disableOutOfStock
          error={errors.product}
          onChange={(next) => {
            choose(next);
            if (next && typedBarcode === '') setBarcode(next.barcode_id);
          }}
        />
        {product && available !== null ? (
          <StockBox $blocked={outOfStock} role="status" aria-label="Info stok">
            <StockBadge stock={available} variant="detailed" />
            {outOfStock ? <span>{MESSAGES.outOfStockBlocked}</span> : null}
          </StockBox>
        ) : null}
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
            max={available !== null && available > 0 ? available : undefined}
            step={1}
            inputMode="numeric"
            required
            disabled={outOfStock}
            error={
              overStock && available !== null ? (
                <>
                  <Line>{MESSAGES.quantityOverStock}</Line>
                  <Line>{MESSAGES.maxUnits(available)}</Line>
                </>
              ) : (
                errors.quantity
              )
            }
            onChange={(event) => {
              if (!acceptsQuantity(event.target.value)) return;
              setQuantity(event.target.value);
              clearError('quantity');
            }}
          />
        </Grid>
      </form>
    </Modal>
  );
}
