import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';

export type IconButtonTone = 'default' | 'primary' | 'green' | 'red';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  /** Accessible name and tooltip, for example 'Edit' or 'Hanya manager yang dapat mengedit data'. */
  label: string;
  /** The icon (an svg or a character). */
  icon: ReactNode;
  tone?: IconButtonTone;
}

// The tooltip sits on a wrapper: a disabled button gets no pointer events in some browsers,
// and a greyed-out action must still explain why it is unavailable (docs/product.md point 6).
const Wrap = styled.span`
  display: inline-flex;
`;

const StyledIconButton = styled.button<{ $tone: IconButtonTone }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  cursor: pointer;
  color: ${({ theme, $tone }) =>
    $tone === 'primary'
      ? theme.colors.primary
      : $tone === 'green'
        ? theme.colors.green
        : $tone === 'red'
          ? theme.colors.red
          : theme.colors.grey700};
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.grey100};
  }
  &:disabled {
    color: ${({ theme }) => theme.colors.grey400};
    opacity: 0.6;
    cursor: not-allowed;
    pointer-events: none;
  }
  svg {
    width: 18px;
    height: 18px;
  }
`;

export function IconButton({
  label,
  icon,
  tone = 'default',
  type = 'button',
  title,
  ...rest
}: IconButtonProps) {
  return (
    <Wrap title={title ?? label}>
      <StyledIconButton {...rest} type={type} aria-label={label} $tone={tone}>
        <span aria-hidden="true">{icon}</span>
      </StyledIconButton>
    </Wrap>
  );
}
