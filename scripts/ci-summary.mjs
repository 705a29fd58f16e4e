// Prints one 'N passed, N failed' line from the JSON reports of Vitest and Playwright.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
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
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
