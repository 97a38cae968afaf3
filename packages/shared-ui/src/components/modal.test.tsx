import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { Button } from './button';
import { Modal } from './modal';

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
});
