import { useState } from 'react';

/** The message of each field that is not right. */
export type FormErrors<V> = Partial<Record<keyof V, string>>;

/**
 * A form's text values, prefilled once from `initial` (a fresh form remounts), with the message
 * of each field that is not right: `set` changes a field and clears its message, `dirty` says a
 * value differs from what the form opened with (closing then asks first).
 */
export function useFormValues<V extends Record<keyof V, string>>(initial: () => V) {
  const [opened] = useState<V>(initial);
  const [values, setValues] = useState<V>(opened);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const dirty = (Object.keys(opened) as (keyof V)[]).some((key) => values[key] !== opened[key]);

  const set = (field: keyof V, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  return { values, errors, setErrors, dirty, set };
}
