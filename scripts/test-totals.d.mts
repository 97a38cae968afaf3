// Types of test-totals.mjs, for its tests.
export interface Counts {
  passed: number;
  failed: number;
  flaky: number;
}
export const resultsDir: string;
export const stepsFile: string;
export function countsOf(report: unknown): Counts;
export function totalsLine(counts: Counts): string;
export function printTotals(dir?: string): Counts;
