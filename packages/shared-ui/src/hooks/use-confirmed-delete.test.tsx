import { screen } from '@testing-library/react';
import { CONFIRM_TEXTS } from '../confirm';
import { renderWithProviders } from '../testing';
import { useConfirmedDelete } from './use-confirmed-delete';

const TEXTS = { confirm: CONFIRM_TEXTS.deleteData, success: 'Terhapus', failure: 'Gagal hapus' };

function Row({ deleteById }: { deleteById: (id: number) => { unwrap: () => Promise<unknown> } }) {
  const remove = useConfirmedDelete(deleteById, TEXTS);
  return <button onClick={() => void remove(7)}>Hapus</button>;
}

const call = (result: Promise<unknown>) => jest.fn(() => ({ unwrap: () => result }));

describe('useConfirmedDelete', () => {
  afterEach(() => jest.restoreAllMocks());

  it('does nothing when the user cancels', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const deleteById = call(Promise.resolve({}));
    const { user } = renderWithProviders(<Row deleteById={deleteById} />);
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus data ini?');
    expect(deleteById).not.toHaveBeenCalled();
  });

  it('deletes the row and toasts the success text', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const deleteById = call(Promise.resolve({}));
    const { user } = renderWithProviders(<Row deleteById={deleteById} />);
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(deleteById).toHaveBeenCalledWith(7);
    expect(await screen.findByText('Terhapus')).toBeInTheDocument();
  });

  it("toasts the server's message on failure, else the fallback", async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const refused = call(Promise.reject({ status: 409, data: { message: 'Masih dipakai' } }));
    const { user, unmount } = renderWithProviders(<Row deleteById={refused} />);
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Masih dipakai')).toBeInTheDocument();
    unmount();

    const failed = call(Promise.reject(new Error('network')));
    const second = renderWithProviders(<Row deleteById={failed} />);
    await second.user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Gagal hapus')).toBeInTheDocument();
  });
});
