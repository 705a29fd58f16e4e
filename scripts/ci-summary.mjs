// Prints one 'N passed, N failed' line from the JSON reports of Vitest and Playwright, and before
// it the time the end-to-end tests spent in each browser of the cross-browser specs.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const browserSeconds = { chromium: 0, firefox: 0 };
const browserTests = { chromium: 0, firefox: 0 };

/** Adds up the durations of the tests whose title path names a browser (tests/e2e/cross-browser). */
function timeByBrowser(suite, path) {
  for (const child of suite.suites ?? []) timeByBrowser(child, [...path, child.title]);
  for (const spec of suite.specs ?? []) {
    const title = [...path, spec.title].join(' › ');
    const browser = /\bfirefox\b/i.test(title)
      ? 'firefox'
      : /\bchromium\b/i.test(title) && /cross-browser/.test(title)
        ? 'chromium'
        : null;
    if (!browser) continue;
    for (const test of spec.tests ?? []) {
      browserTests[browser]++;
      for (const result of test.results ?? []) browserSeconds[browser] += result.duration / 1000;
    }
  }
}

for (const file of fs.existsSync('test-results') ? fs.readdirSync('test-results') : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(`test-results/${file}`, 'utf8'));
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (file.startsWith('playwright')) {
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) timeByBrowser(suite, [suite.title]);
  }
}
for (const browser of ['chromium', 'firefox']) {
  if (browserTests[browser]) {
    console.log(
      `cross-browser ${browser}: ${browserTests[browser]} tests in ${browserSeconds[browser].toFixed(1)} s`,
    );
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
