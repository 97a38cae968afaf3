// The count of 'Perlu Restock' on the Dashboard menu item. One row is asked for: the
// count is the list's total. It follows the 'Dashboard' tag, so a movement or product saved in
// any remote (one store) updates it.
import { useGetRestockQuery } from '@gudang/api-client';
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

export function RestockBadge() {
  const { currentData } = useGetRestockQuery({ page: 1, limit: 1 });
  const count = currentData?.pagination.total ?? 0;
  if (count === 0) return null;
  return (
    <Count role="status" aria-label={restockBadgeLabel(count)}>
      {count > 99 ? '99+' : count}
    </Count>
  );
}
