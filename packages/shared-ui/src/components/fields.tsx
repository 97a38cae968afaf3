import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { dateWindow, dateWindowError } from '../date-window';
import { readIntegerInput, readMoneyInput } from '../number-input';

interface FieldBaseProps {
  label: ReactNode;
  /** Inline error under the field; also turns the border red and sets aria-invalid. */
  error?: ReactNode;
  /** Help text under the field when there is no error. */
  hint?: ReactNode;
}

/** A field's column: label, control, message; shared with the product picker. */
export const FieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

// The required marker is generated content, so that the label's text stays exactly the
// field name ('Nama Barang') for getByLabelText and screen readers.
export const FieldLabel = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 500;
  color: ${({ theme }) => theme.colors.grey700};
  &[data-required='true']::after {
    content: ' *';
    color: ${({ theme }) => theme.colors.red};
  }
`;

const controlStyle = css<{ $invalid: boolean }>`
  width: 100%;
  padding: 8px 12px;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.red : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.text};
  &:focus {
    outline: none;
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.red : theme.colors.primary)};
    box-shadow: 0 0 0 2px
      ${({ theme, $invalid }) => ($invalid ? theme.colors.redSoft : theme.colors.primarySoft)};
  }
  &:disabled,
  &[readonly] {
    background: ${({ theme }) => theme.colors.grey100};
    color: ${({ theme }) => theme.colors.grey700};
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

const Input = styled.input<{ $invalid: boolean; $adorned?: boolean }>`
  ${controlStyle}
  ${({ $adorned }) => ($adorned ? 'padding-left: 40px;' : '')}
`;

const Adorned = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

// A unit in front of the value ('Rp'): drawn over the input, not part of its text.
const Adornment = styled.span`
  position: absolute;
  left: 12px;
  color: ${({ theme }) => theme.colors.grey700};
  pointer-events: none;
`;

const Select = styled.select<{ $invalid: boolean }>`
  ${controlStyle}
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.red};
`;

const HintText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface FieldParts {
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
  labelNode: ReactNode;
  messageNode: ReactNode;
}

function useFieldParts(
  { label, error, hint }: FieldBaseProps,
  id: string | undefined,
  required: boolean | undefined,
  describedByProp: string | undefined,
): FieldParts {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  const invalid = error !== undefined && error !== null && error !== false && error !== '';
  const hasMessage = invalid || (hint !== undefined && hint !== null);
  const describedBy =
    [describedByProp, hasMessage ? messageId : undefined].filter(Boolean).join(' ') || undefined;
  return {
    inputId,
    describedBy,
    invalid,
    labelNode: (
      <FieldLabel htmlFor={inputId} data-required={required ? 'true' : undefined}>
        {label}
      </FieldLabel>
    ),
    messageNode: invalid ? (
      <FieldError id={messageId}>{error}</FieldError>
    ) : hasMessage ? (
      <HintText id={messageId}>{hint}</HintText>
    ) : null,
  };
}

export interface TextFieldProps
  extends FieldBaseProps, Omit<ComponentPropsWithRef<'input'>, 'children'> {}

function InputField({
  label,
  error,
  hint,
  id,
  required,
  type = 'text',
  adornment,
  ...rest
}: TextFieldProps & { adornment?: string }) {
  const parts = useFieldParts({ label, error, hint }, id, required, rest['aria-describedby']);
  const input = (
    <Input
      {...rest}
      id={parts.inputId}
      type={type}
      required={required}
      aria-invalid={parts.invalid || undefined}
      aria-describedby={parts.describedBy}
      $invalid={parts.invalid}
      $adorned={adornment !== undefined}
    />
  );
  return (
    <FieldWrap>
      {parts.labelNode}
      {adornment !== undefined ? (
        <Adorned>
          <Adornment aria-hidden="true">{adornment}</Adornment>
          {input}
        </Adorned>
      ) : (
        input
      )}
      {parts.messageNode}
    </FieldWrap>
  );
}

export function TextField(props: TextFieldProps) {
  return <InputField {...props} />;
}

type NumberTextProps = Omit<
  TextFieldProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'label' | 'inputMode'
>;

/** QuantityField's and MoneyField's props: a number typed as text. */
interface NumberFieldProps extends NumberTextProps {
  /** The field's name as the user sees it; the messages name it ('Jumlah harus bilangan bulat'). */
  label: string;
  /** The text as typed: the form reads it (readIntegerInput, readMoneyInput) when saving. */
  value: string;
  onChange: (text: string) => void;
  /** Smallest accepted value (default 1 for a quantity, 0 for an amount). */
  min?: number;
  /** Largest accepted value: the column's bound from the contract's FIELDS. */
  max: number;
}

export type QuantityFieldProps = NumberFieldProps;
export type MoneyFieldProps = NumberFieldProps;

interface NumberTextFieldProps extends Omit<NumberFieldProps, 'min' | 'max'> {
  inputMode: 'numeric' | 'decimal';
  adornment?: string;
  /** The message for typed text the form would refuse, if any. */
  check: (text: string) => string | undefined;
}

/** QuantityField's and MoneyField's input: typed text stays, refused text shows its message. */
function NumberTextField({ value, onChange, error, check, ...rest }: NumberTextFieldProps) {
  const typed = value.trim() === '' ? undefined : check(value);
  return (
    <InputField
      autoComplete="off"
      {...rest}
      type="text"
      value={value}
      error={typed ?? error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The one field for a whole number (a quantity, a stock). A text input, so that nothing the
 * user types is dropped or reinterpreted by the browser: '1.000' is one thousand (id-ID
 * thousands separator), and anything that is not a whole number in bounds ('2.5', '2,5', '12e',
 * '-1') stays on the screen with a message under it. `error` is the form's own message (a
 * required field after Simpan, too little stock); the field's own message comes first.
 */
export function QuantityField({ min = 1, max, ...rest }: QuantityFieldProps) {
  return (
    <NumberTextField
      {...rest}
      inputMode="numeric"
      check={(text) => readIntegerInput(text, { label: rest.label, min, max }).error}
    />
  );
}

/**
 * The money sibling of QuantityField: 'Rp' in front, id-ID separators ('1.250.000,50'), at most
 * two decimals after ','. Refused text stays visible with a message, as in QuantityField.
 */
export function MoneyField({ min = 0, max, ...rest }: MoneyFieldProps) {
  return (
    <NumberTextField
      {...rest}
      inputMode="decimal"
      adornment="Rp"
      check={(text) => readMoneyInput(text, { label: rest.label, min, max }).error}
    />
  );
}

export type DateFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A date input limited to the dates the API accepts (DATE_MIN to DATE_MAX_DAYS_AHEAD after the
 * shop's today) unless narrower min/max are given; a typed date outside that window shows a
 * message naming the field. `error` (the form's own message) comes first.
 */
export function DateField({ min, max, error, label, value, ...rest }: DateFieldProps) {
  const range = dateWindow();
  const outside =
    typeof value === 'string'
      ? dateWindowError(value, typeof label === 'string' ? label : 'Tanggal', range)
      : undefined;
  return (
    <InputField
      {...rest}
      label={label}
      value={value}
      type="date"
      min={min ?? range.min}
      max={max ?? range.max}
      error={error || outside}
    />
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps
  extends FieldBaseProps, Omit<ComponentPropsWithRef<'select'>, 'children'> {
  options: readonly SelectOption[];
  /** An empty first option, for example 'Pilih bank'. */
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  hint,
  id,
  required,
  options,
  placeholder,
  ...rest
}: SelectFieldProps) {
  const parts = useFieldParts({ label, error, hint }, id, required, rest['aria-describedby']);
  return (
    <FieldWrap>
      {parts.labelNode}
      <Select
        {...rest}
        id={parts.inputId}
        required={required}
        aria-invalid={parts.invalid || undefined}
        aria-describedby={parts.describedBy}
        $invalid={parts.invalid}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </Select>
      {parts.messageNode}
    </FieldWrap>
  );
}
