import {
  BARCODE_AUTOFOCUS_MS,
  FIELDS,
  MESSAGES,
  RESERVATION_MESSAGES,
  isManager,
  selectCurrentUser,
  useAppSelector,
  useLazyGetProductByBarcodeQuery,
} from '@gudang/api-client';
import type { OutgoingGoods, OutgoingGoodsInput } from '@gudang/api-client';
import {
  CameraScan,
  CameraScanField,
  FieldGrid,
  ProductPicker,
  Spinner,
  StockBadge,
  TextField,
  type PickedProduct,
} from '@gudang/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import {
  FIELD_REQUIRED,
  MovementDetailFields,
  MovementFormModal,
  MovementQuantityField,
  useMovementForm,
} from './movement-form';
import type { MovementEndpoints } from './movement-form';
import {
  useCheckOutgoingResiQuery,
  useCreateOutgoingGoodsMutation,
  useUpdateOutgoingGoodsMutation,
} from './outgoing-goods-api';
import { useBarcodeLookup } from './use-barcode-lookup';

const ENDPOINTS: MovementEndpoints<OutgoingGoodsInput> = {
  useCreate: useCreateOutgoingGoodsMutation,
  useUpdate: useUpdateOutgoingGoodsMutation,
  useCheckResi: useCheckOutgoingResiQuery,
  createdMessage: MESSAGES.outgoingCreated,
};

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

/** The form's amber warnings: a sale that needs a second look before 'Simpan'. */
const warningBox = css`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.amberStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const PriceWarning = styled.p`
  ${warningBox}
  a {
    margin-left: ${({ theme }) => theme.spacing.xs};
    font-weight: 600;
  }
`;

/** A sale of a product without default prices records Rp 0 profit; say so. */
export const NO_PRICE_WARNING =
  'Produk ini belum punya harga beli/jual: keuntungannya akan tercatat Rp 0';
export const SET_PRICE_LINK = 'Atur harga di Data Produk';

// A price the answer left out (an admin gets no cost) is not a price missing.
const hasNoPrices = (product: PickedProduct) =>
  product.purchase_price === 0 || product.selling_price === 0;

/** Stok Tersedia (issue 44): the sale takes units marketplace orders already hold. */
const ReservedWarning = styled.div`
  ${warningBox}
  label {
    display: block;
    margin-top: ${({ theme }) => theme.spacing.sm};
    font-weight: 600;
  }
`;

export const CONFIRM_RESERVED_LABEL = 'Tetap jual';
/** Beside 'Stok tersedia: n' when imported orders hold some of it (Data Produk's Dipesan and Tersedia). */
export const reservedNote = (reserved: number, free: number) =>
  `${reserved.toLocaleString('id-ID')} dipesan di marketplace, ${free.toLocaleString('id-ID')} bebas dijual`;

const Busy = styled.div`
  margin: -${({ theme }) => theme.spacing.sm} 0 ${({ theme }) => theme.spacing.md};
`;

export interface OutgoingGoodsFormProps {
  /** The row to edit; null to add a new record. */
  record: OutgoingGoods | null;
  /** A new record's resi to start with (from Scan Kirim's link). */
  initialResi?: string;
  onClose: () => void;
}

/** Add/edit modal of Barang Keluar. Mounted fresh for each opening, so closing resets it. */
export function OutgoingGoodsForm({ record, initialResi, onClose }: OutgoingGoodsFormProps) {
  // Scanner flow: Barcode (code + Enter) -> Nomor Resi (Enter) -> Jumlah, without the mouse.
  const barcodeRef = useRef<HTMLInputElement>(null);
  const resiRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const form = useMovementForm<OutgoingGoodsInput, 'barcode'>({
    record,
    currentStock: record?.current_stock,
    ...(initialResi === undefined ? {} : { initialResi }),
    endpoints: ENDPOINTS,
    onClose,
  });
  const { product, quantity, amount, errors, clearError } = form;
  const [barcode, setBarcode] = useState(record?.barcode ?? '');
  const manager = isManager(useAppSelector(selectCurrentUser));
  const [readProduct] = useLazyGetProductByBarcodeQuery();

  // When editing, the record's own quantity goes back to its product before the new one is taken.
  const availableOf = (candidate: PickedProduct): number =>
    candidate.current_stock + (record && record.product_id === candidate.id ? record.quantity : 0);

  const choose = (next: PickedProduct | null) => {
    form.setProduct(next);
    if (!next) return;
    clearError('product');
    if (amount > availableOf(next)) form.setQuantity('');
  };

  // A scanner types the code and Enter; once the product is found, the resi comes next. Only
  // from the barcode field: a late answer must not pull the focus out of another field.
  const found = (next: PickedProduct) => {
    choose(next);
    if (document.activeElement === barcodeRef.current) resiRef.current?.focus();
  };

  const lookup = useBarcodeLookup(found, () => form.setProduct(null));

  useEffect(() => {
    const timer = setTimeout(() => barcodeRef.current?.focus(), BARCODE_AUTOFOCUS_MS);
    return () => clearTimeout(timer);
  }, []);

  const available = product ? availableOf(product) : null;
  // A sale by hand over Tersedia takes units imported orders hold: it asks first, as the server
  // does (an edit's own quantity goes back first; a packed order's sale is not asked about).
  const [confirmReserved, setConfirmReserved] = useState(false);
  const handSale = !record || record.marketplace_order_id == null;
  const free =
    product && handSale && (product.reserved_stock ?? 0) > 0
      ? Math.max(
          0,
          (product.available_stock ?? product.current_stock) +
            (record && record.product_id === product.id ? record.quantity : 0),
        )
      : null;
  const overReserved = free !== null && quantity !== '' && amount > free;
  const outOfStock = available !== null && available <= 0;
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
    (overReserved && !confirmReserved) ||
    form.duplicate ||
    outOfStock ||
    overStock ||
    barcodeError !== undefined ||
    lookup.status === 'running';

  const onSubmit = () => {
    const found = {
      ...form.sharedErrors(),
      barcode: typedBarcode === '' ? FIELD_REQUIRED : undefined,
    };
    form.setErrors(found);
    if (!product || Object.values(found).some(Boolean) || blocked || form.saving) return;
    const chosen = product;
    void form
      .save({
        product_code: product.code,
        product_name: product.name,
        category: product.category,
        brand: product.brand,
        resi_number: form.resi.trim(),
        quantity: amount,
        barcode: typedBarcode,
        date: form.date,
        ...(overReserved && confirmReserved ? { confirm_reserved: true } : {}),
      })
      .then(async (saved) => {
        if (saved) return;
        // Refused (for example for stock another sale took meanwhile): show the product's stock
        // as the server has it now, so the form blocks as the message says.
        try {
          const { data } = await readProduct(chosen.barcode_id).unwrap();
          form.setProduct((current) => (current?.id === data.id ? data : current));
        } catch {
          // The product could not be read again: the refusal's message has said it.
        }
      });
  };

  return (
    <MovementFormModal
      title={record ? 'Edit Barang Keluar' : 'Tambah Barang Keluar'}
      saving={form.saving}
      blocked={blocked}
      dirty={form.changed || barcode !== (record?.barcode ?? '')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <CameraScanField>
        <TextField
          ref={barcodeRef}
          label="Barcode"
          value={barcode}
          required
          autoComplete="off"
          maxLength={FIELDS.barcode.maxLength}
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
        <CameraScan target={barcodeRef} />
      </CameraScanField>
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
          if (!next) {
            // The barcode belonged to the product just cleared.
            setBarcode('');
            lookup.typed('');
            return;
          }
          if (typedBarcode === '') setBarcode(next.barcode_id);
          resiRef.current?.focus();
        }}
      />
      {product && available !== null ? (
        <StockBox $blocked={outOfStock} role="status" aria-label="Info stok">
          <StockBadge stock={available} variant="detailed" />
          {free !== null && !outOfStock ? (
            <span>{reservedNote(product.reserved_stock ?? 0, free)}</span>
          ) : null}
          {outOfStock ? <span>{MESSAGES.outOfStockBlocked}</span> : null}
        </StockBox>
      ) : null}
      {overReserved && free !== null ? (
        <ReservedWarning role="note" aria-label="Stok dipesan">
          {RESERVATION_MESSAGES.reservedTaken(free)}
          <label>
            <input
              type="checkbox"
              checked={confirmReserved}
              onChange={(event) => setConfirmReserved(event.target.checked)}
            />{' '}
            {CONFIRM_RESERVED_LABEL}
          </label>
        </ReservedWarning>
      ) : null}
      {product && !record && hasNoPrices(product) ? (
        <PriceWarning role="note" aria-label="Harga produk">
          {NO_PRICE_WARNING}
          {manager ? (
            <Link to={`/products?search=${encodeURIComponent(product.code)}`}>
              {SET_PRICE_LINK}
            </Link>
          ) : null}
        </PriceWarning>
      ) : null}
      <FieldGrid>
        <MovementDetailFields form={form} resiRef={resiRef} quantityRef={quantityRef} />
        <MovementQuantityField
          ref={quantityRef}
          value={quantity}
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
          onChange={(text) => {
            form.setQuantity(text);
            clearError('quantity');
          }}
        />
      </FieldGrid>
    </MovementFormModal>
  );
}
