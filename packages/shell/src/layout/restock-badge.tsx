// The counts on menu items: 'Perlu Restock' on Dashboard, 'Pesanan Kurang Stok' on Pesanan
// Marketplace (issue 44). One row is asked for: the count is the list's total. Both follow the
// 'Dashboard' tag (and the short orders Pesanan Marketplace's tag), so a movement, a product, an
// import or a shipment saved in any remote (one store) updates them.
import { useGetRestockQuery, useGetShortOrdersQuery } from '@gudang/api-client';
import styled from 'styled-components';

// Drawn over the right end of the menu link (the list item is the positioning box).
const Count = styled.span`
  position: absolute;
  right: 12px;
  top: 50%;
  transform: translateY(-50%);
  pointer-events: none;
  min-width: 1.5em;
  padding: 0 6px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.redText};
  color: #fff;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  text-align: center;
`;

export const restockBadgeLabel = (count: number) => `${count} produk perlu restock`;
export const shortOrdersBadgeLabel = (count: number) => `${count} pesanan kurang stok`;

function MenuCount({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <Count role="status" aria-label={label}>
      {count > 99 ? '99+' : count}
    </Count>
  );
}

export function RestockBadge() {
  const { currentData } = useGetRestockQuery({ page: 1, limit: 1 });
  const count = currentData?.pagination.total ?? 0;
  return <MenuCount count={count} label={restockBadgeLabel(count)} />;
}

export function ShortOrdersBadge() {
  const { currentData } = useGetShortOrdersQuery({ page: 1, limit: 1 });
  const count = currentData?.pagination.total ?? 0;
  return <MenuCount count={count} label={shortOrdersBadgeLabel(count)} />;
}
