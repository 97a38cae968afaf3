// The closing line of `npm test` and CI: CI reads `N passed, N failed` at its start, and a test
// that passed only on a retry is flaky, counted apart and never as a pass.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countsOf, printTotals, stepsFile } from './test-totals.mjs';

const jestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  testResults: [
    {
      status: 'failed',
      assertionResults: [
        { status: 'passed', retryReasons: [] },
        { status: 'passed', retryReasons: ['Error: timed out'] },
        { status: 'passed' },
        { status: 'failed', retryReasons: ['Error: once', 'Error: twice'] },
      ],
    },
    // A file that failed to run at all.
    { status: 'failed', assertionResults: [] },
  ],
};
const playwrightReport = { stats: { expected: 90, unexpected: 1, flaky: 2, skipped: 3 } };

it('counts a jest test that passed after a retry as flaky, not passed', () => {
  expect(countsOf(jestReport)).toEqual({ passed: 2, failed: 2, flaky: 1 });
});

it("counts Playwright's flaky tests apart from its passes", () => {
  expect(countsOf(playwrightReport)).toEqual({ passed: 90, failed: 1, flaky: 2 });
});

it('counts a file that is no report as one failure', () => {
  expect(countsOf({ something: 'else' })).toEqual({ passed: 0, failed: 1, flaky: 0 });
});

it('ends with the totals line over every report, the step times left out', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gudang-totals-'));
  writeFileSync(path.join(dir, 'jest.json'), JSON.stringify(jestReport));
  writeFileSync(path.join(dir, 'e2e.json'), JSON.stringify(playwrightReport));
  writeFileSync(path.join(dir, 'cut-short.json'), '{"numPassedTests": 4');
  writeFileSync(path.join(dir, stepsFile), JSON.stringify({ unit: { seconds: 12.5, ok: true } }));
  const lines: string[] = [];
  jest.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));

  expect(printTotals(dir)).toEqual({ passed: 92, failed: 4, flaky: 3 });
  expect(lines).toEqual([
    '  cut-short.json: 0 passed, 1 failed, 0 flaky',
    '  e2e.json: 90 passed, 1 failed, 2 flaky',
    '  jest.json: 2 passed, 2 failed, 1 flaky',
    '3 flaky (passed only on a retry; not counted as passed)',
    '92 passed, 4 failed',
  ]);
  expect(lines.at(-1)).toMatch(/^92 passed, 4 failed(,|$)/);
});
