import { formatRupiah } from '@gudang/shared-ui';
import type { Tone } from '@gudang/shared-ui';

/**
 * Rupiah as the shop writes it: no ',00' on whole amounts (most prices), the cents when there are
 * any ('Rp 12.500,50'). Keeps twelve columns inside a laptop screen.
 */
export const rupiah = (value: number) =>
  formatRupiah(value, { decimals: !Number.isInteger(value) });

/** Profit green, loss red, nothing yet grey. */
export const profitTone = (amount: number): Tone =>
  amount > 0 ? 'green' : amount < 0 ? 'red' : 'grey';

/** '12,34%': a share as Indonesians write it, at most two decimals. */
export const percent = (value: number) =>
  `${value.toLocaleString('id-ID', { maximumFractionDigits: 2 })}%`;
