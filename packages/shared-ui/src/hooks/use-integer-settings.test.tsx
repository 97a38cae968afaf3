import { screen } from '@testing-library/react';
import { QuantityField } from '../components/fields';
import { renderWithProviders } from '../testing';
import { useIntegerSettings } from './use-integer-settings';
import type { IntegerSetting } from './use-integer-settings';

type Key = 'days' | 'percent';
const SETTINGS: readonly IntegerSetting<Key>[] = [
  { key: 'days', label: 'Hari', min: 1, max: 365 },
  { key: 'percent', label: 'Persen', min: 0, max: 100 },
];
const TEXTS = { saved: 'Tersimpan', failure: 'Gagal simpan' };
type Unwrappable = { unwrap: () => Promise<unknown> };

function Form({
  save,
  disabled = false,
}: {
  save: (values: Record<Key, number>) => Unwrappable;
  disabled?: boolean;
}) {
  const form = useIntegerSettings(SETTINGS, { days: '7', percent: '' }, save, {
    disabled,
    texts: TEXTS,
  });
  return (
    <form noValidate onSubmit={(event) => void form.submit(event)}>
      {SETTINGS.map((setting) => (
        <QuantityField key={setting.key} {...form.field(setting)} />
      ))}
      <button type="submit">Simpan</button>
    </form>
  );
}

describe('useIntegerSettings', () => {
  it('saves nothing while a value is wrong, and a change clears its message', async () => {
    const save = jest.fn((): Unwrappable => ({ unwrap: () => Promise.resolve({}) }));
    const { user } = renderWithProviders(<Form save={save} />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Persen wajib diisi')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Persen/), '5');
    expect(screen.queryByText('Persen wajib diisi')).not.toBeInTheDocument();
  });

  it('saves every value read and toasts the outcome', async () => {
    const save = jest.fn((): Unwrappable => ({ unwrap: () => Promise.resolve({}) }));
    const { user } = renderWithProviders(<Form save={save} />);
    await user.type(screen.getByLabelText(/Persen/), '5');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(save).toHaveBeenCalledWith({ days: 7, percent: 5 });
    expect(await screen.findByText('Tersimpan')).toBeInTheDocument();
  });

  it("toasts the server's message on failure, and does nothing while disabled", async () => {
    const refused = jest.fn((): Unwrappable => ({
      unwrap: () => Promise.reject({ status: 400, data: { message: 'Ditolak' } }),
    }));
    const { user, unmount } = renderWithProviders(<Form save={refused} />);
    await user.type(screen.getByLabelText(/Persen/), '5');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Ditolak')).toBeInTheDocument();
    unmount();

    const save = jest.fn((): Unwrappable => ({ unwrap: () => Promise.resolve({}) }));
    renderWithProviders(<Form save={save} disabled />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(save).not.toHaveBeenCalled();
  });
});
