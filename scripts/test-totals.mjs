// Reads every result file in .test-results/ (jest --json files and Playwright JSON reports)
// and prints, last, one line `N passed, N failed` with the totals, which CI reads. A test that
// passed only on a retry is flaky: counted apart on the line before it, never as passed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsDir = path.join(root, '.test-results');
/** Each step's seconds (scripts/test.mjs), beside the reports: not a report. */
export const stepsFile = 'steps.json';

/** The counts of one jest --json or Playwright JSON report; anything else is one failure. */
export function countsOf(report) {
  if (typeof report.numPassedTests === 'number') {
    // jest: a suite that failed to run (syntax error, import failure) counts as one failure.
    const broken =
      report.testResults?.filter((r) => r.status === 'failed' && r.assertionResults?.length === 0)
        .length ?? 0;
    // With jest.retryTimes, a test that passed after failing keeps the reasons of its retries.
    const flaky =
      report.testResults
        ?.flatMap((r) => r.assertionResults ?? [])
        .filter((a) => a.status === 'passed' && (a.retryReasons?.length ?? 0) > 0).length ?? 0;
    return {
      passed: report.numPassedTests - flaky,
      failed: report.numFailedTests + broken,
      flaky,
    };
  }
  if (report.stats && typeof report.stats.expected === 'number') {
    return {
      passed: report.stats.expected,
      failed: report.stats.unexpected,
      flaky: report.stats.flaky ?? 0,
    };
  }
  return { passed: 0, failed: 1, flaky: 0 };
}

export const totalsLine = ({ passed, failed, flaky }) =>
  `${passed} passed, ${failed} failed, ${flaky} flaky`;

/** Prints each report's counts and, last, the totals line over the reports in `dir`. */
export function printTotals(dir = resultsDir) {
  const totals = { passed: 0, failed: 0, flaky: 0 };
  const reports = existsSync(dir)
    ? readdirSync(dir).filter((f) => f.endsWith('.json') && f !== stepsFile)
    : [];
  for (const file of reports.sort()) {
    let counts;
    try {
      counts = countsOf(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    } catch {
      counts = { passed: 0, failed: 1, flaky: 0 };
    }
    console.log(`  ${file}: ${totalsLine(counts)}`);
    for (const key of Object.keys(totals)) totals[key] += counts[key];
  }
  if (totals.flaky > 0)
    console.log(`${totals.flaky} flaky (passed only on a retry; not counted as passed)`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { failed } = printTotals();
  process.exit(failed > 0 ? 1 : 0);
}
