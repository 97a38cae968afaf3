import { TOAST_LIFETIME_MS } from '@gudang/api-client';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CloseIcon } from './icons';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

const ToastContext = createContext<ToastApi | null>(null);

// Ids only need to be unique within the page.
let nextToastId = 1;

// Always at the top right (docs/product.md point 2), above an open dialog too.
const Stack = styled.div`
  position: fixed;
  top: ${({ theme }) => theme.spacing.lg};
  right: ${({ theme }) => theme.spacing.lg};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  width: min(360px, calc(100vw - 32px));
  pointer-events: none;
`;

const Item = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  pointer-events: auto;
  color: ${({ theme }) => theme.colors.white};
  background: ${({ theme, $kind }) =>
    ({
      success: theme.colors.green,
      error: theme.colors.red,
      warning: theme.colors.amberStrong,
      info: theme.colors.primary,
    })[$kind]};
`;

const Message = styled.p`
  flex: 1;
  margin: 0;
`;

const Dismiss = styled.button`
  display: inline-flex;
  padding: 2px;
  border: none;
  background: transparent;
  color: inherit;
  cursor: pointer;
  opacity: 0.85;
  &:hover {
    opacity: 1;
  }
`;

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(item.id), TOAST_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [item.id, onDismiss]);

  return (
    <Item role={item.kind === 'error' ? 'alert' : 'status'} data-kind={item.kind} $kind={item.kind}>
      <Message>{item.message}</Message>
      <Dismiss type="button" aria-label="Tutup" onClick={() => onDismiss(item.id)}>
        <CloseIcon />
      </Dismiss>
    </Item>
  );
}

/** Notifications at the top right; each vanishes after TOAST_LIFETIME_MS or when dismissed. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const push = (kind: ToastKind) => (message: string) => {
      const id = nextToastId++;
      setItems((current) => [...current, { id, kind, message }]);
    };
    return {
      success: push('success'),
      error: push('error'),
      warning: push('warning'),
      info: push('info'),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Stack data-testid="toasts" data-placement="top-right">
        {items.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider (UiProvider)');
  return api;
}
