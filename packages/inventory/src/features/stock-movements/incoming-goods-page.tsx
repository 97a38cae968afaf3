import type { IncomingGoods } from '@gudang/api-client';
import { useDeleteIncomingGoodsMutation, useGetIncomingGoodsQuery } from './incoming-goods-api';
import { IncomingGoodsForm } from './incoming-goods-form';
import { MovementListPage } from './movement-list-page';
import type { MovementKind } from './movement-list-page';

const INCOMING: MovementKind<IncomingGoods> = {
  direction: 'in',
  title: 'Barang Masuk',
  addLabel: 'Tambah Barang Masuk',
  searchPlaceholder: 'Cari barang masuk...',
  emptyText: 'Tidak ada data barang masuk',
  columnsAfterQuantity: [{ key: 'platform', header: 'Platform' }],
  useList: useGetIncomingGoodsQuery,
  useDelete: useDeleteIncomingGoodsMutation,
  Form: IncomingGoodsForm,
};

export function IncomingGoodsPage() {
  return <MovementListPage kind={INCOMING} />;
}
