import { CONFIRM_TEXTS, confirmAction } from './confirm';

describe('confirm', () => {
  afterEach(() => jest.restoreAllMocks());

  it('holds the sentences of the spec, and those of Stok Opname', () => {
    expect(CONFIRM_TEXTS).toEqual({
      deleteProduct: 'Apakah Anda yakin ingin menghapus produk ini?',
      recalculateStock:
        'Apakah Anda yakin ingin menghitung ulang stok? Operasi ini akan memperbaiki data yang tidak konsisten.',
      deleteData: 'Apakah Anda yakin ingin menghapus data ini?',
      deleteOrder: 'Apakah Anda yakin ingin menghapus order ini?',
      postStockOpname:
        'Apakah Anda yakin ingin memposting stok opname ini? Selisih akan ditulis sebagai penyesuaian stok.',
      cancelStockOpname: 'Apakah Anda yakin ingin membatalkan sesi stok opname ini?',
    });
  });

  it('asks the browser and returns the answer', () => {
    const confirm = jest
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(true)
      .mockReturnValueOnce(false);
    expect(confirmAction(CONFIRM_TEXTS.deleteOrder)).toBe(true);
    expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus order ini?');
    expect(confirmAction(CONFIRM_TEXTS.deleteData)).toBe(false);
  });
});
