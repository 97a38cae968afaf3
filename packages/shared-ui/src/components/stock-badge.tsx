import { LOW_STOCK_MAX, OUT_OF_STOCK_MAX } from '@gudang/api-client';
import { formatInteger } from '../formatters';
import { Badge } from './badge';
import type { Tone } from './badge';

export type StockLevel = 'out' | 'low' | 'available';

/** docs/product.md point 4: <= 0 out of stock, 1..LOW_STOCK_MAX low, above that available. */
export function stockLevel(stock: number): StockLevel {
  if (stock <= OUT_OF_STOCK_MAX) return 'out';
  if (stock <= LOW_STOCK_MAX) return 'low';
  return 'available';
}

const tones: Record<StockLevel, Tone> = { out: 'red', low: 'amber', available: 'green' };

export interface StockBadgeProps {
  /** Current stock; undefined or null for an unknown product ('N/A'). */
  stock: number | null | undefined;
  /**
   * 'short' (default): 'Stok: n'. 'detailed': 'Stok tersisa: n' when low,
   * 'Stok tersedia: n' when available. Out of stock is always 'Stok habis'.
   */
  variant?: 'short' | 'detailed';
  /** While the products are loading: 'Loading...'. */
  loading?: boolean;
}

export function stockText(stock: number, variant: 'short' | 'detailed' = 'short'): string {
  const level = stockLevel(stock);
  if (level === 'out') return 'Stok habis';
  if (variant === 'short') return `Stok: ${formatInteger(stock)}`;
  return level === 'low'
    ? `Stok tersisa: ${formatInteger(stock)}`
    : `Stok tersedia: ${formatInteger(stock)}`;
}

export function StockBadge({ stock, variant = 'short', loading = false }: StockBadgeProps) {
  if (loading) return <Badge tone="grey">Loading...</Badge>;
  if (stock === null || stock === undefined || Number.isNaN(stock)) {
    return <Badge tone="grey">N/A</Badge>;
  }
  const level = stockLevel(stock);
  return (
    <Badge tone={tones[level]} data-level={level}>
      {stockText(stock, variant)}
    </Badge>
  );
}
