/** Whole numbers as the shop reads them: 12.345 (id-ID grouping). */
export function formatCount(value: number): string {
  return value.toLocaleString('id-ID');
}
