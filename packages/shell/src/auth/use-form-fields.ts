import { useState } from 'react';

/**
 * The values and messages of a sign-in screen's required text fields; `field(name)` is a
 * TextField's value, message and onChange, and typing in a field clears its message.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const field = (name: F) => ({
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (event: { target: { value: string } }) => {
      setValues((previous) => ({ ...previous, [name]: event.target.value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
  });
  return { values, setErrors, field };
}
