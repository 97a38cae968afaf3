import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { CloseIcon } from './icons';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom, for example Batal and Simpan. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Close when the dimmed backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
}

// How many modals are open, so that the toasts can move out of the way of a dialog's close
// button (see toast.tsx).
let openModals = 0;
const openModalListeners = new Set<() => void>();
function changeOpenModals(delta: number) {
  openModals += delta;
  for (const listener of openModalListeners) listener();
}
const subscribeOpenModals = (listener: () => void) => {
  openModalListeners.add(listener);
  return () => {
    openModalListeners.delete(listener);
  };
};

/** True while any Modal is open. */
export function useAnyModalOpen(): boolean {
  return useSyncExternalStore(
    subscribeOpenModals,
    () => openModals > 0,
    () => false,
  );
}

const widths: Record<ModalSize, string> = { sm: '400px', md: '560px', lg: '720px', xl: '960px' };

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing.lg};
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled.div<{ $size: ModalSize }>`
  width: 100%;
  max-width: ${({ $size }) => widths[$size]};
  margin: 5vh auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.xl}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 600;
`;

const CloseButton = styled.button`
  display: inline-flex;
  padding: 4px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.grey500};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  font-size: 20px;
  &:hover {
    color: ${({ theme }) => theme.colors.grey900};
  }
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.spacing.xl};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.xl}`};
  border-top: 1px solid ${({ theme }) => theme.colors.borderLight};
`;

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return undefined;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    changeOpenModals(1);
    return () => {
      changeOpenModals(-1);
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <Backdrop
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $size={size}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          <CloseButton type="button" aria-label="Tutup" title="Tutup" onClick={onClose}>
            <CloseIcon />
          </CloseButton>
        </Header>
        <Body>{children}</Body>
        {footer ? <Footer>{footer}</Footer> : null}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
