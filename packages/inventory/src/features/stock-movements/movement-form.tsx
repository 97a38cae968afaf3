import { MESSAGES } from '@gudang/api-client';
import type { Product } from '@gudang/api-client';
import {
  Button,
  DateField,
  Modal,
  NumberField,
  TextField,
  todayIso,
  useSaveRecord,
} from '@gudang/shared-ui';
import type { NumberFieldProps } from '@gudang/shared-ui';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import type { MovementRow } from './movement-list-page';
import { useResiDuplicate } from './use-resi-check';
import type { CheckResiQueryHook } from './use-resi-check';

export const PRODUCT_REQUIRED = 'Pilih produk terlebih dahulu';
export const FIELD_REQUIRED = 'Wajib diisi';

/** The fields both movement forms have. */
export type MovementField = 'product' | 'date' | 'resi' | 'quantity';

export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

/** Quantity input accepts only empty or a positive integer (SPEC.md point 5). */
const acceptsQuantity = (text: string): boolean => text === '' || /^[1-9]\d*$/.test(text);

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
function productOf(record: MovementRow & { product_id: number }, currentStock: number): Product {
  return {
    id: record.product_id,
    barcode_id: record.barcode,
    code: record.product_code,
    name: record.product_name,
    category: record.category,
    brand: record.brand,
    initial_stock: 0,
    current_stock: currentStock,
  };
}

export interface MovementFormOptions<B> {
  /** The row to edit; null to add a new record. */
  record: (MovementRow & { product_id: number }) | null;
  /** The edited record's product stock as the list shows it (0 where the list has none). */
  currentStock?: number;
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
  endpoints,
  onClose,
}: MovementFormOptions<B>) {
  const [product, setProduct] = useState<Product | null>(
    record ? productOf(record, currentStock) : null,
  );
  const [date, setDate] = useState(record?.date ?? todayIso());
  const [resi, setResi] = useState(record?.resi_number ?? '');
  const [quantity, setQuantity] = useState(record ? String(record.quantity) : '');
  const [errors, setErrors] = useState<Partial<Record<MovementField | F, string>>>({});
  const clearError = (field: MovementField | F) =>
    setErrors((previous) => ({ ...previous, [field]: undefined }));

  const duplicate = useResiDuplicate(endpoints.useCheckResi, resi, record?.id);
  const [create, createState] = endpoints.useCreate();
  const [update, updateState] = endpoints.useUpdate();
  const saving = createState.isLoading || updateState.isLoading;

  const amount = Number(quantity);
  /** The errors of the shared fields, for the form to show along with its own. */
  const sharedErrors = (): Partial<Record<MovementField, string>> => ({
    product: product ? undefined : PRODUCT_REQUIRED,
    date: date === '' ? FIELD_REQUIRED : undefined,
    resi: resi.trim() === '' ? FIELD_REQUIRED : undefined,
    quantity: Number.isInteger(amount) && amount > 0 ? undefined : MESSAGES.quantityPositive,
  });

  const saveRecord = useSaveRecord(create, update, {
    created: endpoints.createdMessage,
    updated: MESSAGES.dataUpdated,
    failure: MESSAGES.saveFailed,
  });
  const save = async (body: B) => {
    if (await saveRecord(body, record?.id)) onClose();
  };

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
    saving,
    save,
  };
}

export interface MovementFormModalProps {
  title: string;
  saving: boolean;
  /** Simpan is disabled while something blocks saving (a used resi, too little stock...). */
  blocked: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/** The modal, its Batal/Simpan footer and the form element of a movement form. */
export function MovementFormModal({
  title,
  saving,
  blocked,
  onClose,
  onSubmit,
  children,
}: MovementFormModalProps) {
  const formId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      open
      title={title}
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
      <form id={formId} noValidate onSubmit={submit}>
        {children}
      </form>
    </Modal>
  );
}

interface MovementFormState {
  product: Product | null;
  date: string;
  setDate: (date: string) => void;
  resi: string;
  setResi: (resi: string) => void;
  errors: Partial<Record<MovementField, string>>;
  clearError: (field: MovementField) => void;
  duplicate: boolean;
}

/** Nama Barang, Kategori and Merk of the chosen product, then Tanggal and Nomor Resi. */
export function MovementDetailFields({ form }: { form: MovementFormState }) {
  const { product, errors, clearError } = form;
  return (
    <>
      <TextField label="Nama Barang" value={product?.name ?? ''} readOnly />
      <TextField label="Kategori" value={product?.category ?? ''} readOnly />
      <TextField label="Merk" value={product?.brand ?? ''} readOnly />
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
      <TextField
        label="Nomor Resi"
        value={form.resi}
        required
        error={form.duplicate ? MESSAGES.resiUsedInline : errors.resi}
        onChange={(event) => {
          form.setResi(event.target.value);
          clearError('resi');
        }}
      />
    </>
  );
}

export interface QuantityFieldProps extends Pick<NumberFieldProps, 'max' | 'disabled'> {
  value: string;
  error: ReactNode;
  onChange: (text: string) => void;
}

/** Jumlah: takes only digits that make a positive integer. */
export function QuantityField({ value, error, onChange, ...rest }: QuantityFieldProps) {
  return (
    <NumberField
      label="Jumlah"
      value={value}
      min={1}
      step={1}
      inputMode="numeric"
      required
      error={error}
      {...rest}
      onChange={(event) => {
        if (acceptsQuantity(event.target.value)) onChange(event.target.value);
      }}
    />
  );
}
