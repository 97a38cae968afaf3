import { errorMessage, errorStatus, MESSAGES } from '@gudang/api-client';
import { useToast } from '../components/toast';

export interface SaveRecordTexts {
  created: string;
  updated: string;
  /** Shown when the server gives no message of its own. */
  failure: string;
}

type Unwrappable = { unwrap: () => Promise<unknown> };

/**
 * Save of an add/edit form: creates when there is no id, updates the record otherwise, and toasts
 * the outcome (the server's message first on failure). Resolves to whether the form is done, so
 * that it closes only then: saved, or its record gone (an update answered 404: deleted by someone
 * else since the form opened, said as MESSAGES.recordGone; the lists refetch, as the mutation's
 * tags are invalidated on an error too). A refusal's message also goes to `onRefusal` (a form that
 * names a taken value beside its field). `create` and `update` are usually RTK Query mutation
 * triggers.
 */
export function useSaveRecord<B>(
  create: (body: B) => Unwrappable,
  update: (args: { id: number; body: B }) => Unwrappable,
  texts: SaveRecordTexts,
): (body: B, id?: number, onRefusal?: (message: string) => void) => Promise<boolean> {
  const toast = useToast();
  return async (body, id, onRefusal) => {
    try {
      if (id === undefined) {
        await create(body).unwrap();
        toast.success(texts.created);
      } else {
        await update({ id, body }).unwrap();
        toast.success(texts.updated);
      }
      return true;
    } catch (error) {
      if (id !== undefined && errorStatus(error) === 404) {
        toast.error(MESSAGES.recordGone);
        return true;
      }
      const message = errorMessage(error, texts.failure);
      toast.error(message);
      onRefusal?.(message);
      return false;
    }
  };
}
