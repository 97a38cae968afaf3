import { FIELDS, MESSAGES } from '@gudang/api-client';
import type { PembukuanRow, PembukuanUpdate } from '@gudang/api-client';
import {
  fromCents,
  toCents,
  AmberNote,
  FormModal,
  MoneyField,
  TextField,
  formatDate,
  formatInteger,
  formatMoneyInput,
  readMoneyInput,
  useFormValues,
} from '@gudang/shared-ui';
import type { FormErrors } from '@gudang/shared-ui';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { rupiah } from './money';
import { PEMBUKUAN_TEXTS } from './pembukuan-texts';

interface FormValues {
  /** Text as typed ('1.250.000,50'); read with readMoneyInput when saving. */
  purchase_price: string;
  selling_price: string;
  discount: string;
}
type Errors = FormErrors<FormValues>;

const PRICES = {
  purchase_price: { label: PEMBUKUAN_TEXTS.purchasePrice, max: FIELDS.purchase_price.max },
  selling_price: { label: PEMBUKUAN_TEXTS.sellingPrice, max: FIELDS.selling_price.max },
  discount: { label: PEMBUKUAN_TEXTS.discount, max: FIELDS.discount.max },
} as const;

const Summary = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

// The last thing in the form: no space under it.
const Note = styled(AmberNote)`
  margin: 0;
`;

const Preview = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Prices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 0 ${({ theme }) => theme.spacing.md};
`;

const valuesOf = (row: PembukuanRow): FormValues => ({
  purchase_price: formatMoneyInput(row.purchase_price),
  selling_price: formatMoneyInput(row.selling_price),
  discount: row.discount > 0 ? formatMoneyInput(row.discount) : '',
});

/** The prices as the API wants them, or the message of each field that is not right. */
function toUpdate(
  row: PembukuanRow,
  values: FormValues,
): { update: PembukuanUpdate } | { errors: Errors } {
  const purchase = readMoneyInput(values.purchase_price, PRICES.purchase_price);
  const selling = readMoneyInput(values.selling_price, PRICES.selling_price);
  // Discount is optional: empty means none.
  const discount =
    values.discount.trim() === '' ? { value: 0 } : readMoneyInput(values.discount, PRICES.discount);
  if (purchase.value === undefined || selling.value === undefined || discount.value === undefined) {
    return {
      errors: {
        purchase_price: purchase.error,
        selling_price: selling.error,
        discount: discount.error,
      },
    };
  }
  // A giveaway (the discount the whole price) is a sale; more would pay the buyer: the server's
  // refusal, said at the field (a selling price of 0 is one not entered yet).
  if (selling.value > 0 && discount.value > selling.value)
    return { errors: { discount: MESSAGES.discountOverSelling } };
  return {
    update: {
      outgoing_goods_id: row.id,
      purchase_price: purchase.value,
      selling_price: selling.value,
      discount: discount.value,
    },
  };
}

/**
 * The margin the server will compute (SPEC: (selling - discount - purchase) x quantity once both
 * prices are entered, else 0), in whole cents so that the preview is exact; undefined while a
 * price cannot be read.
 */
export function previewMargin(row: PembukuanRow, values: FormValues): number | undefined {
  const checked = toUpdate(row, values);
  if ('errors' in checked) return undefined;
  const { purchase_price, selling_price, discount = 0 } = checked.update;
  if (purchase_price <= 0 || selling_price <= 0) return 0;
  // Only the units kept count: the returned ones, and those refunded and not back (issue 46), are
  // no sale (ADR 0016).
  const kept = row.quantity - (row.returned_quantity ?? 0) - (row.refunded_quantity ?? 0);
  return fromCents((toCents(selling_price) - toCents(discount) - toCents(purchase_price)) * kept);
}

export interface PembukuanEditModalProps {
  /** The transaction being edited; null when the modal is closed. */
  row: PembukuanRow | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when saved (the modal closes), false to keep it open. */
  onSubmit: (update: PembukuanUpdate) => Promise<boolean>;
}

export function PembukuanEditModal({ row, ...rest }: PembukuanEditModalProps) {
  // A fresh form for each opening, prefilled from the chosen row.
  if (!row) return null;
  return <EditForm key={row.id} row={row} {...rest} />;
}

function EditForm({
  row,
  saving,
  onClose,
  onSubmit,
}: PembukuanEditModalProps & { row: PembukuanRow }) {
  const { values, errors, setErrors, dirty, set } = useFormValues(() => valuesOf(row));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = toUpdate(row, values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    await onSubmit(checked.update);
  };

  const margin = previewMargin(row, values);

  // A price's field: its label, bound, value and message.
  const price = (field: keyof FormValues) => ({
    label: PRICES[field].label,
    max: PRICES[field].max,
    value: values[field],
    error: errors[field],
    onChange: (value: string) => set(field, value),
  });

  return (
    <FormModal
      title={PEMBUKUAN_TEXTS.editTitle}
      onClose={onClose}
      dirty={dirty}
      saving={saving}
      onSubmit={(event) => void submit(event)}
    >
      <TextField label={PEMBUKUAN_TEXTS.transactionId} value={String(row.id)} readOnly />
      <Summary>
        {formatDate(row.date)} · {row.name} ({row.code}) · {PEMBUKUAN_TEXTS.resi} {row.resi_number}{' '}
        · {formatInteger(row.quantity)} unit
        {(row.returned_quantity ?? 0) > 0 && (row.refunded_quantity ?? 0) === 0
          ? ` · ${PEMBUKUAN_TEXTS.returned(formatInteger(row.returned_quantity ?? 0))}, ${PEMBUKUAN_TEXTS.keptUnits(formatInteger(row.quantity - (row.returned_quantity ?? 0)))}`
          : ''}
        {(row.refunded_quantity ?? 0) > 0
          ? ` · ${(row.returned_quantity ?? 0) > 0 ? `${PEMBUKUAN_TEXTS.returned(formatInteger(row.returned_quantity ?? 0))}, ` : ''}${PEMBUKUAN_TEXTS.refunded(formatInteger(row.refunded_quantity ?? 0))}, ${PEMBUKUAN_TEXTS.keptUnitsRefunded(formatInteger(row.quantity - (row.returned_quantity ?? 0) - (row.refunded_quantity ?? 0)))}`
          : ''}
      </Summary>
      <Prices>
        <MoneyField
          {...price('purchase_price')}
          required
          autoFocus
          hint={PEMBUKUAN_TEXTS.perUnit}
        />
        <MoneyField {...price('selling_price')} required hint={PEMBUKUAN_TEXTS.perUnit} />
        <MoneyField {...price('discount')} hint={PEMBUKUAN_TEXTS.discountHint} />
      </Prices>
      <Preview aria-live="polite">
        {PEMBUKUAN_TEXTS.marginPreview}:{' '}
        <strong>{margin === undefined ? '-' : rupiah(margin)}</strong>
      </Preview>
      <Note>{PEMBUKUAN_TEXTS.onlyThisTransaction}</Note>
    </FormModal>
  );
}
