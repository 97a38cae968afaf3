import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';

interface FieldBaseProps {
  label: ReactNode;
  /** Inline error under the field; also turns the border red and sets aria-invalid. */
  error?: ReactNode;
  /** Help text under the field when there is no error. */
  hint?: ReactNode;
}

const FieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

// The required marker is generated content, so that the label's text stays exactly the
// field name ('Nama Barang') for getByLabelText and screen readers.
const Label = styled.label`
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

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyle}
`;

const Select = styled.select<{ $invalid: boolean }>`
  ${controlStyle}
`;

const ErrorText = styled.p`
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
      <Label htmlFor={inputId} data-required={required ? 'true' : undefined}>
        {label}
      </Label>
    ),
    messageNode: invalid ? (
      <ErrorText id={messageId}>{error}</ErrorText>
    ) : hasMessage ? (
      <HintText id={messageId}>{hint}</HintText>
    ) : null,
  };
}

export interface TextFieldProps
  extends FieldBaseProps, Omit<ComponentPropsWithRef<'input'>, 'children'> {}

export function TextField({
  label,
  error,
  hint,
  id,
  required,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const parts = useFieldParts({ label, error, hint }, id, required, rest['aria-describedby']);
  return (
    <FieldWrap>
      {parts.labelNode}
      <Input
        {...rest}
        id={parts.inputId}
        type={type}
        required={required}
        aria-invalid={parts.invalid || undefined}
        aria-describedby={parts.describedBy}
        $invalid={parts.invalid}
      />
      {parts.messageNode}
    </FieldWrap>
  );
}

export type NumberFieldProps = Omit<TextFieldProps, 'type'>;

export function NumberField(props: NumberFieldProps) {
  return <TextField inputMode="decimal" {...props} type="number" />;
}

export type DateFieldProps = Omit<TextFieldProps, 'type'>;

export function DateField(props: DateFieldProps) {
  return <TextField {...props} type="date" />;
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
