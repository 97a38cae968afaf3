// Reads every result file in .test-results/ (jest --json files and Playwright JSON reports)
// and prints one line `N passed, N failed` with the totals.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsDir = path.join(root, '.test-results');

function countsOf(report) {
  if (typeof report.numPassedTests === 'number') {
    // jest: a suite that failed to run (syntax error, import failure) counts as one failure.
    const broken =
      report.testResults?.filter((r) => r.status === 'failed' && r.assertionResults?.length === 0)
        .length ?? 0;
    return { passed: report.numPassedTests, failed: report.numFailedTests + broken };
  }
  if (report.stats && typeof report.stats.expected === 'number') {
    // Playwright: flaky tests passed on retry; they count as passed.
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  }
  return { passed: 0, failed: 1 };
}

export function printTotals() {
  let passed = 0;
  let failed = 0;
  if (existsSync(resultsDir)) {
    for (const file of readdirSync(resultsDir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      let counts;
      try {
        counts = countsOf(JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')));
      } catch {
        counts = { passed: 0, failed: 1 };
      }
      console.log(`  ${file}: ${counts.passed} passed, ${counts.failed} failed`);
      passed += counts.passed;
      failed += counts.failed;
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { failed } = printTotals();
  process.exit(failed > 0 ? 1 : 0);
}
