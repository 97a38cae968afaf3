import { formatInteger } from '@gudang/shared-ui';
import styled from 'styled-components';

/** Said on an oversold Tersedia: the open orders hold more than the stock. */
export const OVERSOLD_TITLE = 'Stok kurang';

const Available = styled.span<{ $oversold: boolean }>`
  color: ${({ theme, $oversold }) => ($oversold ? theme.colors.red : theme.colors.text)};
  font-weight: ${({ $oversold }) => ($oversold ? 600 : 'inherit')};
`;

/** Tersedia (stock - dipesan): red when below 0, the same in Data Produk and the stock card. */
export function AvailableStock({ value }: { value: number }) {
  const oversold = value < 0;
  return (
    <Available $oversold={oversold} title={oversold ? OVERSOLD_TITLE : undefined}>
      {formatInteger(value)}
    </Available>
  );
}

/** Dipesan and Tersedia of a product; a server without them reads as nothing held. */
export function stockNumbers(product: {
  current_stock: number;
  reserved_stock?: number;
  available_stock?: number;
}): { reserved: number; available: number } {
  return {
    reserved: product.reserved_stock ?? 0,
    available: product.available_stock ?? product.current_stock,
  };
}
