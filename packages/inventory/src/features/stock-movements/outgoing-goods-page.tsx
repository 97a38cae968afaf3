import type { OutgoingGoods } from '@gudang/api-client';
import { StockBadge } from '@gudang/shared-ui';
import { useDeleteOutgoingGoodsMutation, useGetOutgoingGoodsQuery } from './outgoing-goods-api';
import { OutgoingGoodsForm } from './outgoing-goods-form';
import { MovementListPage } from './movement-list-page';
import type { MovementKind } from './movement-list-page';

const OUTGOING: MovementKind<OutgoingGoods> = {
  direction: 'out',
  title: 'Barang Keluar',
  addLabel: 'Tambah Barang Keluar',
  searchPlaceholder: 'Cari barang keluar...',
  emptyText: 'Tidak ada data barang keluar',
  columnsBeforeResi: [
    {
      key: 'current_stock',
      header: 'Stok Saat Ini',
      nowrap: true,
      render: (row) => <StockBadge stock={row.current_stock} />,
    },
  ],
  useList: useGetOutgoingGoodsQuery,
  useDelete: useDeleteOutgoingGoodsMutation,
  Form: OutgoingGoodsForm,
};

export function OutgoingGoodsPage() {
  return <MovementListPage kind={OUTGOING} />;
}
