import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { FormModal } from './form-modal';

function setup(props: Partial<Parameters<typeof FormModal>[0]> = {}) {
  const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onClose = jest.fn();
  const utils = renderWithProviders(
    <FormModal title="Edit Produk" onClose={onClose} onSubmit={onSubmit} saving={false} {...props}>
      <label>
        Nama
        <input name="name" required />
      </label>
    </FormModal>,
  );
  return { ...utils, onSubmit, onClose };
}

describe('FormModal', () => {
  it('submits its form with Simpan and with Enter, without the browser validation', async () => {
    const { user, onSubmit } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Nama'), 'Kopi{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(dialog.querySelector('form')).toHaveAttribute('novalidate');
  });

  it('reads Menyimpan... and cannot be submitted while saving; Batal closes', async () => {
    const { user, onSubmit, onClose } = setup({ saving: true });
    const busy = screen.getByRole('button', { name: 'Menyimpan...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Simpan disabled when told', () => {
    setup({ submitDisabled: true });
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });
});
