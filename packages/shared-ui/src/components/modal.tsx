import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { confirmAction } from '../confirm';
import { Button } from './button';
import type { ButtonProps } from './button';
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
  /**
   * The dialog holds typed data that closing would throw away: Escape, the X, the backdrop,
   * Batal (ModalCancelButton) and Back ask first, and a reload or closing the tab gets the
   * browser's own 'leave the page?' prompt.
   */
  dirty?: boolean;
}

/** Texts of the dialog guard. */
export const MODAL_TEXTS = {
  /** Asked before a dialog with typed data is closed (Escape, X, backdrop, Batal, Back). */
  discard: 'Data yang sudah diisi belum disimpan dan akan hilang. Tutup formulir ini?',
} as const;

// The open dialogs, the top-most last: only that one answers Tab, Escape and Back.
const openStack: string[] = [];
const HISTORY_KEY = 'gudangModal';
const isTop = (id: string) => openStack[openStack.length - 1] === id;
const historyMarker = (): unknown =>
  (window.history.state as Record<string, unknown> | null)?.[HISTORY_KEY];
const pushMarker = (id: string) => {
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.pushState({ ...state, [HISTORY_KEY]: id }, '');
};

// Dialogs that left their history entry with history.back(): the popstate that follows is their
// own, not the user's Back. A dialog that is open again by then (React's development checks
// unmount and mount it once) takes a new entry.
const ownBacks = new Set<string>();
// Back pressed while a dialog is open: what the top-most dialog does about it.
const backHandlers = new Map<string, () => void>();
let listening = false;
function onPopState() {
  if (ownBacks.size > 0) {
    for (const id of ownBacks) {
      ownBacks.delete(id);
      if (openStack.includes(id) && historyMarker() !== id) pushMarker(id);
    }
    return;
  }
  const top = openStack[openStack.length - 1];
  if (top !== undefined && historyMarker() !== top) backHandlers.get(top)?.();
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

const ModalCloseContext = createContext<(() => void) | null>(null);

/**
 * The enclosing dialog's close, asking first when it holds typed data (the `dirty` prop).
 * For a Batal button in the dialog's footer or body.
 */
export function useModalClose(): () => void {
  const close = useContext(ModalCloseContext);
  if (!close) throw new Error('useModalClose must be used inside a Modal');
  return close;
}

/** 'Batal' of a dialog: closes it the way Escape does (asking first when data was typed). */
export function ModalCancelButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const close = useModalClose();
  return (
    <Button variant="ghost" {...props} onClick={close}>
      Batal
    </Button>
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
  /* On a phone the notifications (top right, full width) sit above the dialog, not over its
     title and close button. */
  @media ${({ theme }) => theme.media.narrow} {
    margin-top: 88px;
  }
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

/**
 * A dialog that holds the keyboard: focus stays inside (Tab and Shift+Tab wrap), Escape closes
 * it, and focus returns to the element that opened it. Opening it adds a history entry, so the
 * browser's Back closes the dialog instead of leaving the page.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
  dirty = false,
}: ModalProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  // The opener is read while rendering the opening, before a field inside takes the focus.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      const active = typeof document === 'undefined' ? null : document.activeElement;
      setOpener(active instanceof HTMLElement && active !== document.body ? active : null);
    }
  }
  const latest = useRef({ onClose, dirty, opener });
  // Whether the dialog is still meant to be open when its effect is cleaned up: false when it was
  // closed (set before passive cleanups run), true when it is unmounted with its page.
  const stillOpen = useRef(open);
  useLayoutEffect(() => {
    stillOpen.current = open;
  }, [open]);
  useEffect(() => {
    latest.current = { onClose, dirty, opener };
  });

  /** Closes unless the user keeps the typed data. */
  const requestClose = () => {
    if (latest.current.dirty && !confirmAction(MODAL_TEXTS.discard)) return;
    latest.current.onClose();
  };
  const requestCloseRef = useRef(requestClose);
  useEffect(() => {
    requestCloseRef.current = requestClose;
  });

  useEffect(() => {
    if (!open) return undefined;
    openStack.push(id);
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop(id) || !dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        requestCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (event.shiftKey && (!inside || active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    // Back: the entry added here is left, and the dialog closes instead of the page.
    if (!listening) {
      window.addEventListener('popstate', onPopState);
      listening = true;
    }
    if (historyMarker() !== id && !ownBacks.has(id)) pushMarker(id);
    backHandlers.set(id, () => {
      if (latest.current.dirty && !confirmAction(MODAL_TEXTS.discard)) {
        pushMarker(id);
        return;
      }
      latest.current.onClose();
    });

    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      openStack.splice(openStack.lastIndexOf(id), 1);
      document.removeEventListener('keydown', onKeyDown);
      backHandlers.delete(id);
      document.body.style.overflow = overflow;
      const back = latest.current.opener;
      if (back?.isConnected) back.focus();
      if (historyMarker() !== id) return;
      const dropEntry = () => {
        ownBacks.add(id);
        window.history.back();
      };
      // Closed by Batal, Simpan or Escape: drop the entry Back would otherwise stop at, at once,
      // so that a navigation right after the dialog closed is not undone by it.
      if (!stillOpen.current) {
        dropEntry();
        return;
      }
      // Unmounted with its page (a 401 signs out and replaces the entry with /login): only once
      // this commit's effects have run, and only while it is still the current entry, so that the
      // redirect is not stepped back over.
      setTimeout(() => {
        if (historyMarker() === id) dropEntry();
      }, 0);
    };
  }, [open, id]);

  // Reload or closing the tab with typed data: the browser asks.
  useEffect(() => {
    if (!open || !dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only with returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [open, dirty]);

  if (!open) return null;

  return createPortal(
    <ModalCloseContext.Provider value={requestClose}>
      <Backdrop
        data-testid="modal-backdrop"
        onMouseDown={(event) => {
          if (closeOnBackdrop && event.target === event.currentTarget) requestClose();
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
            <CloseButton type="button" aria-label="Tutup" title="Tutup" onClick={requestClose}>
              <CloseIcon />
            </CloseButton>
          </Header>
          <Body>{children}</Body>
          {footer ? <Footer>{footer}</Footer> : null}
        </Dialog>
      </Backdrop>
    </ModalCloseContext.Provider>,
    document.body,
  );
}
