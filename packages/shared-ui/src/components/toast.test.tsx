import { act, render, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { useToast } from './toast';

function Notifier() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast.success('Produk berhasil ditambahkan')}>sukses</Button>
      <Button onClick={() => toast.error('Gagal menyimpan produk')}>gagal</Button>
      <Button onClick={() => toast.warning('Stok hampir habis')}>peringatan</Button>
      <Button onClick={() => toast.info('Data dimuat ulang')}>info</Button>
    </>
  );
}

function NotifierWithModal() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>buka</Button>
      <Modal open={open} title="Tambah Produk" onClose={() => setOpen(false)}>
        <Button onClick={() => toast.error('Gagal menyimpan produk')}>gagal</Button>
      </Modal>
    </>
  );
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () =>
    renderWithProviders(<Notifier />, { userOptions: { advanceTimers: jest.advanceTimersByTime } });

  it('shows success, warning and info as status and error as alert', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'sukses' }));
    await user.click(screen.getByRole('button', { name: 'gagal' }));
    await user.click(screen.getByRole('button', { name: 'peringatan' }));
    await user.click(screen.getByRole('button', { name: 'info' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Gagal menyimpan produk');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Produk berhasil ditambahkan',
      'Stok hampir habis',
      'Data dimuat ulang',
    ]);
    expect(screen.getByRole('alert')).toHaveAttribute('data-kind', 'error');
  });

  it('sits fixed at the top right', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'sukses' }));
    expect(screen.getByTestId('toasts')).toHaveStyle({
      position: 'fixed',
      top: '16px',
      right: '16px',
    });
  });

  it('stays at the top right while a modal is open, above the dialog', async () => {
    const { user } = renderWithProviders(<NotifierWithModal />, {
      userOptions: { advanceTimers: jest.advanceTimersByTime },
    });
    const stack = screen.getByTestId('toasts');
    await user.click(screen.getByRole('button', { name: 'buka' }));
    await user.click(screen.getByRole('button', { name: 'gagal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Gagal menyimpan produk');
    expect(stack).toHaveAttribute('data-placement', 'top-right');
    expect(stack).toHaveStyle({ position: 'fixed', top: '16px', right: '16px', zIndex: '60' });
    expect(stack).not.toHaveStyle({ bottom: '16px' });
  });

  it('vanishes after 5 seconds', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'sukses' }));
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Produk berhasil ditambahkan')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Produk berhasil ditambahkan')).not.toBeInTheDocument();
  });

  it('vanishes when dismissed, leaving the others', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'sukses' }));
    await user.click(screen.getByRole('button', { name: 'gagal' }));
    const [first] = screen.getAllByRole('button', { name: 'Tutup' });
    if (!first) throw new Error('no dismiss button');
    await user.click(first);
    expect(screen.queryByText('Produk berhasil ditambahkan')).not.toBeInTheDocument();
    expect(screen.getByText('Gagal menyimpan produk')).toBeInTheDocument();
  });

  it('useToast outside the provider is an error', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Notifier />)).toThrow(/ToastProvider/);
    quiet.mockRestore();
  });
});
