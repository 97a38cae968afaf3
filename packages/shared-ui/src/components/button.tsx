import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'green' | 'red' | 'ghost';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled and shows `busyText` (for example 'Menyimpan...'). */
  busy?: boolean;
  busyText?: ReactNode;
  /** Optional icon shown before the text. */
  icon?: ReactNode;
  fullWidth?: boolean;
}

/** White text on the colour, a darker shade of it under the pointer. */
const solid = (color: 'primary' | 'green' | 'red') => css`
  background: ${({ theme }) => theme.colors[color]};
  color: ${({ theme }) => theme.colors.white};
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors[`${color}Hover`]};
  }
`;

const variants = {
  primary: solid('primary'),
  green: solid('green'),
  red: solid('red'),
  ghost: css`
    background: ${({ theme }) => theme.colors.white};
    color: ${({ theme }) => theme.colors.grey700};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.grey50};
    }
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $full: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.sm};
  width: ${({ $full }) => ($full ? '100%' : 'auto')};
  padding: ${({ $size }) => ($size === 'sm' ? '4px 10px' : '8px 16px')};
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.fontSizes.xs : theme.fontSizes.sm)};
  font-weight: 500;
  line-height: 1.25rem;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  white-space: nowrap;
  transition: background-color 0.15s ease;
  ${({ $variant }) => variants[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  busyText,
  icon,
  fullWidth = false,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-variant={variant}
      $variant={variant}
      $size={size}
      $full={fullWidth}
    >
      {icon}
      {busy && busyText !== undefined ? busyText : children}
    </StyledButton>
  );
}
