import { screen } from '@testing-library/react';
import { MESSAGES } from '@gudang/api-client';
import { useState } from 'react';
import { renderWithProviders } from '../testing';
import { useSaveRecord } from './use-save-record';

const TEXTS = { created: 'Ditambahkan', updated: 'Diperbarui', failure: 'Gagal simpan' };
type Unwrappable = { unwrap: () => Promise<unknown> };
const call = (result: () => Promise<unknown>) => jest.fn((): Unwrappable => ({ unwrap: result }));

function Form({
  create,
  update,
  id,
}: {
  create: (body: { name: string }) => Unwrappable;
  update: (args: { id: number; body: { name: string } }) => Unwrappable;
  id?: number;
}) {
  const save = useSaveRecord(create, update, TEXTS);
  const [saved, setSaved] = useState<boolean | null>(null);
  return (
    <>
      <button onClick={() => void save({ name: 'Kopi' }, id).then(setSaved)}>Simpan</button>
      <output>{saved === null ? '' : String(saved)}</output>
    </>
  );
}

describe('useSaveRecord', () => {
  it('creates without an id and toasts the created text', async () => {
    const create = call(() => Promise.resolve({}));
    const update = call(() => Promise.resolve({}));
    const { user } = renderWithProviders(<Form create={create} update={update} />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(create).toHaveBeenCalledWith({ name: 'Kopi' });
    expect(update).not.toHaveBeenCalled();
    expect(await screen.findByText('Ditambahkan')).toBeInTheDocument();
    expect(screen.getByText('true')).toBeInTheDocument();
  });

  it('updates the record with an id and toasts the updated text', async () => {
    const create = call(() => Promise.resolve({}));
    const update = call(() => Promise.resolve({}));
    const { user } = renderWithProviders(<Form create={create} update={update} id={4} />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(update).toHaveBeenCalledWith({ id: 4, body: { name: 'Kopi' } });
    expect(create).not.toHaveBeenCalled();
    expect(await screen.findByText('Diperbarui')).toBeInTheDocument();
  });

  it("reports failure with the server's message, else the fallback", async () => {
    const refused = call(() =>
      Promise.reject({ status: 409, data: { message: 'Kode sudah ada' } }),
    );
    const { user, unmount } = renderWithProviders(<Form create={refused} update={refused} />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kode sudah ada')).toBeInTheDocument();
    expect(screen.getByText('false')).toBeInTheDocument();
    unmount();

    const failed = call(() => Promise.reject(new Error('network')));
    const second = renderWithProviders(<Form create={failed} update={failed} />);
    await second.user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Gagal simpan')).toBeInTheDocument();
  });

  it('closes an edit whose record someone else deleted meanwhile, and says so', async () => {
    const gone = call(() =>
      Promise.reject({ status: 404, data: { message: 'Data tidak ditemukan' } }),
    );
    const onRefusal = jest.fn();
    function Edit() {
      const save = useSaveRecord(gone, gone, TEXTS);
      const [done, setDone] = useState<boolean | null>(null);
      return (
        <>
          <button onClick={() => void save({ name: 'Kopi' }, 4, onRefusal).then(setDone)}>
            Simpan
          </button>
          <output>{done === null ? '' : String(done)}</output>
        </>
      );
    }
    const { user, unmount } = renderWithProviders(<Edit />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(MESSAGES.recordGone)).toBeInTheDocument();
    expect(screen.getByText('true')).toBeInTheDocument();
    expect(onRefusal).not.toHaveBeenCalled();
    unmount();

    // A 404 on create is no record of the form's: a refusal like any other.
    const second = renderWithProviders(<Form create={gone} update={gone} />);
    await second.user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Data tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByText('false')).toBeInTheDocument();
  });
});
