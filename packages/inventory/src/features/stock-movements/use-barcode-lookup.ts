import { DEBOUNCE_MS, useLazyGetProductByBarcodeQuery } from '@gudang/api-client';
import type { Product } from '@gudang/api-client';
import { useEffect, useRef, useState } from 'react';

/** idle: nothing pending; waiting: typed, lookup due; running: asked; notFound: unknown barcode. */
export type BarcodeLookupStatus = 'idle' | 'waiting' | 'running' | 'notFound';

export interface BarcodeLookup {
  status: BarcodeLookupStatus;
  /** The user typed: look up DEBOUNCE_MS after typing stops (nothing for a blank text). */
  typed: (text: string) => void;
  /** Enter (a USB scanner ends with it): look up at once. */
  now: (text: string) => void;
}

/**
 * Barcode look-up of the outgoing form (docs/product.md point 4). Only the answer to the latest text
 * counts, so a slow answer for a half-typed barcode cannot overwrite a newer one.
 */
export function useBarcodeLookup(
  onFound: (product: Product) => void,
  onNotFound: () => void,
): BarcodeLookup {
  const [trigger] = useLazyGetProductByBarcodeQuery();
  const [status, setStatus] = useState<BarcodeLookupStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  const callbacks = useRef({ onFound, onNotFound });
  useEffect(() => {
    callbacks.current = { onFound, onNotFound };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = async (text: string) => {
    clearTimeout(timer.current);
    const barcode = text.trim();
    const request = ++latest.current;
    if (barcode === '') {
      setStatus('idle');
      return;
    }
    setStatus('running');
    try {
      const { data } = await trigger(barcode).unwrap();
      if (request !== latest.current) return;
      setStatus('idle');
      callbacks.current.onFound(data);
    } catch {
      if (request !== latest.current) return;
      setStatus('notFound');
      callbacks.current.onNotFound();
    }
  };

  return {
    status,
    typed: (text) => {
      clearTimeout(timer.current);
      latest.current += 1;
      if (text.trim() === '') {
        setStatus('idle');
        return;
      }
      setStatus('waiting');
      timer.current = setTimeout(() => void run(text), DEBOUNCE_MS);
    },
    now: (text) => void run(text),
  };
}
