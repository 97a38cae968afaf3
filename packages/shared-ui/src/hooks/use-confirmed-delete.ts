import { errorMessage } from '@gudang/api-client';
import { confirmAction } from '../confirm';
import type { ConfirmText } from '../confirm';
import { useToast } from '../components/toast';

export interface ConfirmedDeleteTexts {
  /** The browser confirmation sentence (docs/product.md point 5). */
  confirm: ConfirmText;
  success: string;
  /** Shown when the server gives no message of its own. */
  failure: string;
}

/**
 * Delete of one list row: asks first, then deletes and toasts the outcome (the server's message
 * first on failure). `deleteById` is usually an RTK Query delete mutation trigger.
 */
export function useConfirmedDelete(
  deleteById: (id: number) => { unwrap: () => Promise<unknown> },
  texts: ConfirmedDeleteTexts,
): (id: number) => Promise<void> {
  const toast = useToast();
  return async (id) => {
    if (!confirmAction(texts.confirm)) return;
    try {
      await deleteById(id).unwrap();
      toast.success(texts.success);
    } catch (error) {
      toast.error(errorMessage(error, texts.failure));
    }
  };
}
