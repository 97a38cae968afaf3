import { act, renderHook } from '@testing-library/react';
import { useFormValues } from './use-form-values';

describe('useFormValues', () => {
  it('is dirty while a value differs from the opened one, and a change clears its message', () => {
    const { result } = renderHook(() => useFormValues(() => ({ name: 'Kaos', code: 'K1' })));
    expect(result.current.dirty).toBe(false);

    act(() => result.current.setErrors({ name: 'Wajib diisi', code: 'Sudah dipakai' }));
    act(() => result.current.set('name', 'Kaos Polos'));
    expect(result.current.values).toEqual({ name: 'Kaos Polos', code: 'K1' });
    expect(result.current.errors).toEqual({ name: undefined, code: 'Sudah dipakai' });
    expect(result.current.dirty).toBe(true);

    act(() => result.current.set('name', 'Kaos'));
    expect(result.current.dirty).toBe(false);
  });
});
