import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../testing';
import { Button } from './button';
import { MODAL_TEXTS, Modal, ModalCancelButton } from './modal';

/** A page with an opener and a form dialog; `dirty` once something is typed. */
function FormPage({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const close = () => {
    onClose();
    setOpen(false);
    setName('');
  };
  return (
    <>
      <Button>Sebelum</Button>
      <Button onClick={() => setOpen(true)}>Tambah Produk</Button>
      <Modal
        open={open}
        title="Tambah Produk"
        onClose={close}
        dirty={name !== ''}
        footer={
          <>
            <ModalCancelButton />
            <Button type="submit">Simpan</Button>
          </>
        }
      >
        <label>
          Nama
          <input autoFocus value={name} onChange={(event) => setName(event.target.value)} />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    renderWithProviders(
      <Modal open={false} title="Tambah Produk" onClose={jest.fn()}>
        isi
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title, with its content and footer', () => {
    renderWithProviders(
      <Modal
        open
        title="Tambah Produk"
        onClose={jest.fn()}
        footer={
          <>
            <Button variant="ghost">Batal</Button>
            <Button type="submit">Simpan</Button>
          </>
        }
      >
        <p>Isi formulir</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Isi formulir');
    expect(screen.getByRole('button', { name: 'Batal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeInTheDocument();
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape, on the close button and on the backdrop', async () => {
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <Modal open title="Edit Produk" onClose={onClose}>
        isi
      </Modal>,
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.click(screen.getByText('isi'));
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('gives the focus back when it closes', async () => {
    function Harness({ open }: { open: boolean }) {
      return (
        <>
          <Button>Tambah Produk</Button>
          <Modal open={open} title="Tambah Produk" onClose={jest.fn()}>
            isi
          </Modal>
        </>
      );
    }
    const { user, rerender } = renderWithProviders(<Harness open={false} />);
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    rerender(<Harness open />);
    expect(screen.getByRole('dialog')).toHaveFocus();
    rerender(<Harness open={false} />);
    expect(screen.getByRole('button', { name: 'Tambah Produk' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog, wrapping at both ends', async () => {
    const { user } = renderWithProviders(<FormPage />);
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const name = screen.getByRole('textbox', { name: 'Nama' });
    expect(name).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Batal' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Simpan' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Tutup' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Simpan' })).toHaveFocus();
  });

  it('returns the focus to the opener although a field inside took it on opening', async () => {
    const { user } = renderWithProviders(<FormPage />);
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    expect(screen.getByRole('textbox', { name: 'Nama' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah Produk' })).toHaveFocus();
  });

  it('closes on the browser Back instead of leaving the page', async () => {
    const onClose = jest.fn();
    const { user } = renderWithProviders(<FormPage onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before typed data is thrown away by Escape, Batal, the X or Back', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderWithProviders(<FormPage />);
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    await user.type(screen.getByRole('textbox', { name: 'Nama' }), 'Kopi');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    await user.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(confirm).toHaveBeenCalledTimes(3);
    expect(confirm).toHaveBeenLastCalledWith(MODAL_TEXTS.discard);
    act(() => window.history.back());
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(4));
    // Kept: still open with what was typed.
    expect(screen.getByRole('textbox', { name: 'Nama' })).toHaveValue('Kopi');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    confirm.mockRestore();
  });

  it('does not ask when nothing was typed', async () => {
    const confirm = jest.spyOn(window, 'confirm');
    const { user } = renderWithProviders(<FormPage />);
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });

  it("asks the browser's leave-the-page question on reload only while data is typed", async () => {
    const { user } = renderWithProviders(<FormPage />);
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      fireEvent(window, event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Nama' }), 'K');
    expect(unload()).toBe(true);
  });
});
