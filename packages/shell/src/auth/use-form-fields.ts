import { useFormValues } from '@gudang/shared-ui';

/**
 * The values and messages of a sign-in screen's required text fields (shared-ui's
 * `useFormValues`); `field(name)` is a TextField's value, message and onChange, and typing in a
 * field clears its message.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const { values, errors, setErrors, set } = useFormValues(() => initial);
  const field = (name: F) => ({
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });
  return { values, setErrors, field };
}
