import { FIELDS, MESSAGES } from '@gudang/api-client';
import {
  FormModal,
  PickedProductFields,
  CAMERA_TEXTS,
  CameraScan,
  CameraScanField,
  DateField,
  QuantityField,
  TextField,
  dateWindowError,
  formatIntegerInput,
  readIntegerInput,
  resiCharactersError,
  todayIso,
  useSaveRecord,
  type PickedProduct,
} from '@gudang/shared-ui';
import type { QuantityFieldProps } from '@gudang/shared-ui';
import { useState } from 'react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import type { MovementRow } from './movement-list-page';
import { useResiDuplicate } from './use-resi-check';
import type { CheckResiQueryHook } from './use-resi-check';

export const PRODUCT_REQUIRED = 'Pilih produk terlebih dahulu';
export const FIELD_REQUIRED = 'Wajib diisi';

/** The fields both movement forms have. */
export type MovementField = 'product' | 'date' | 'resi' | 'quantity';

/** Jumlah: a whole number from 1 up to the contract's bound (docs/product.md point 5). */
const QUANTITY = { label: FIELDS.quantity.label, min: 1, max: FIELDS.quantity.max };

type Saving = { isLoading: boolean };
type Unwrappable = { unwrap: () => Promise<unknown> };

/** The endpoints and texts of one movement list (incoming or outgoing). */
export interface MovementEndpoints<B> {
  useCreate: () => readonly [(body: B) => Unwrappable, Saving];
  useUpdate: () => readonly [(args: { id: number; body: B }) => Unwrappable, Saving];
  useCheckResi: CheckResiQueryHook;
  createdMessage: string;
}

/** The record's product as the picker shows it (name and code; stock only where the list has it). */
function productOf(
  record: MovementRow & { product_id: number },
  currentStock: number,
): PickedProduct {
  return {
    id: record.product_id,
    barcode_id: record.barcode,
    code: record.product_code,
    name: record.product_name,
    category: record.category,
    brand: record.brand,
    current_stock: currentStock,
  };
}

export interface MovementFormOptions<B> {
  /** The row to edit; null to add a new record. */
  record: (MovementRow & { product_id: number }) | null;
  /** The edited record's product stock as the list shows it (0 where the list has none). */
  currentStock?: number;
  /** A new record's resi to start with (Scan Kirim's link for a resi it does not know). */
  initialResi?: string;
  endpoints: MovementEndpoints<B>;
  onClose: () => void;
}

/**
 * State, shared checks and saving of a movement form. The errors may hold the form's own
 * fields (F) beside the shared ones.
 */
export function useMovementForm<B, F extends string = never>({
  record,
  currentStock = 0,
  initialResi = '',
  endpoints,
  onClose,
}: MovementFormOptions<B>) {
  const [product, setProduct] = useState<PickedProduct | null>(
    record ? productOf(record, currentStock) : null,
  );
  const [initialDate] = useState(() => record?.date ?? todayIso());
  const [date, setDate] = useState(initialDate);
  const [resi, setResi] = useState(record?.resi_number ?? initialResi);
  const initialQuantity = record ? formatIntegerInput(record.quantity) : '';
  const [quantity, setQuantity] = useState(initialQuantity);
  const [errors, setErrors] = useState<Partial<Record<MovementField | F, string>>>({});
  const clearError = (field: MovementField | F) =>
    setErrors((previous) => ({ ...previous, [field]: undefined }));

  // Asked for the chosen product: one package may hold several products under one resi.
  const duplicateMessage = useResiDuplicate(
    endpoints.useCheckResi,
    resi,
    record?.id,
    product?.code,
  );
  const duplicate = duplicateMessage !== null;
  const [create, createState] = endpoints.useCreate();
  const [update, updateState] = endpoints.useUpdate();
  const saving = createState.isLoading || updateState.isLoading;

  const read = readIntegerInput(quantity, QUANTITY);
  /** The typed quantity as a number; NaN while it is not a valid one. */
  const amount = read.value ?? Number.NaN;
  /** The errors of the shared fields, for the form to show along with its own. */
  const sharedErrors = (): Partial<Record<MovementField, string>> => ({
    product: product ? undefined : PRODUCT_REQUIRED,
    date: date === '' ? FIELD_REQUIRED : dateWindowError(date, FIELDS.date.label),
    resi: resi.trim() === '' ? FIELD_REQUIRED : resiCharactersError(resi),
    quantity: read.error,
  });

  const saveRecord = useSaveRecord(create, update, {
    created: endpoints.createdMessage,
    updated: MESSAGES.dataUpdated,
    failure: MESSAGES.saveFailed,
  });
  /** Saves and closes; resolves false (the form stays open) when the server refused. */
  const save = async (body: B): Promise<boolean> => {
    const saved = await saveRecord(body, record?.id, (message) => {
      // The API names the product by its Kode: renamed (or deleted) by someone else since it was
      // picked. What was typed stays; the product is picked again (under its new Kode).
      if (message !== MESSAGES.productNotFound) return;
      setProduct(null);
      setErrors((previous) => ({ ...previous, product: MESSAGES.productPickAgain }));
    });
    if (saved) onClose();
    return saved;
  };
  /** Something was typed or chosen that closing would throw away. */
  const changed =
    (product?.id ?? null) !== (record?.product_id ?? null) ||
    date !== initialDate ||
    resi !== (record?.resi_number ?? '') ||
    quantity !== initialQuantity;

  return {
    product,
    setProduct,
    date,
    setDate,
    resi,
    setResi,
    quantity,
    setQuantity,
    amount,
    errors,
    setErrors,
    clearError,
    sharedErrors,
    duplicate,
    duplicateMessage,
    saving,
    save,
    changed,
  };
}

export interface MovementFormModalProps {
  title: string;
  saving: boolean;
  /** Simpan is disabled while something blocks saving (a used resi, too little stock...). */
  blocked: boolean;
  /** Typed data that closing would throw away: closing asks first. */
  dirty: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/** The modal, its Batal/Simpan footer and the form element of a movement form. */
export function MovementFormModal({
  title,
  saving,
  blocked,
  dirty,
  onClose,
  onSubmit,
  children,
}: MovementFormModalProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // FormModal's form has noValidate: own checks instead of the browser's, so that the
    // messages are Indonesian.
    <FormModal
      title={title}
      onClose={onClose}
      size="lg"
      dirty={dirty}
      saving={saving}
      submitDisabled={blocked}
      onSubmit={submit}
    >
      {children}
    </FormModal>
  );
}

interface MovementFormState {
  product: PickedProduct | null;
  date: string;
  setDate: (date: string) => void;
  resi: string;
  setResi: (resi: string) => void;
  errors: Partial<Record<MovementField, string>>;
  clearError: (field: MovementField) => void;
  duplicate: boolean;
  /** Nomor Resi's inline message while the resi is taken. */
  duplicateMessage: string | null;
}

export interface MovementDetailFieldsProps {
  form: MovementFormState;
  /** Nomor Resi's input, focused after the product is found or picked. */
  resiRef: RefObject<HTMLInputElement | null>;
  /** Jumlah's input: Enter in Nomor Resi goes there. */
  quantityRef: RefObject<HTMLInputElement | null>;
}

/** Nama Barang, Kategori and Merk of the chosen product, then Tanggal and Nomor Resi. */
export function MovementDetailFields({ form, resiRef, quantityRef }: MovementDetailFieldsProps) {
  const { product, errors, clearError } = form;
  return (
    <>
      <PickedProductFields product={product} />
      <DateField
        label="Tanggal"
        value={form.date}
        required
        error={errors.date}
        onChange={(event) => {
          form.setDate(event.target.value);
          clearError('date');
        }}
      />
      <CameraScanField>
        <TextField
          ref={resiRef}
          label="Nomor Resi"
          value={form.resi}
          required
          autoComplete="off"
          maxLength={FIELDS.resi_number.maxLength}
          error={form.duplicateMessage ?? errors.resi}
          onChange={(event) => {
            form.setResi(event.target.value);
            clearError('resi');
          }}
          onKeyDown={(event) => {
            // A scanned resi ends with Enter: go on to Jumlah rather than submit half a form.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            quantityRef.current?.focus();
          }}
        />
        {/* The camera types the resi with Enter, as a scanner: Jumlah comes next. */}
        <CameraScan target={resiRef} label={CAMERA_TEXTS.openResi} />
      </CameraScanField>
    </>
  );
}

export type MovementQuantityFieldProps = Pick<
  QuantityFieldProps,
  'ref' | 'value' | 'onChange' | 'disabled' | 'error'
>;

/** Jumlah of a movement form: the shared quantity field with the contract's bound. */
export function MovementQuantityField(props: MovementQuantityFieldProps) {
  return (
    <QuantityField
      label={QUANTITY.label}
      min={QUANTITY.min}
      max={QUANTITY.max}
      required
      {...props}
    />
  );
}
