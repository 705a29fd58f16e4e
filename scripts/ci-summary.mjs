// Prints one 'N passed, N failed' line from the JSON reports of Vitest and Playwright, and before
// it the time the end-to-end tests spent in each browser of the cross-browser specs.
//
// With --failures it prints only the tests that failed, each with the start of its error: CI's
// record keeps the end of the output, so this is printed last when a run goes red (a failed
// end-to-end test otherwise scrolls out of the record behind the API tests' logs).
import fs from 'node:fs';

const failuresOnly = process.argv.includes('--failures');
const failures = [];
// eslint-disable-next-line no-control-regex -- the terminal colour codes in the reporters' messages
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
/** The first lines of an error, enough to tell one failure from another. */
const head = (text, lines = 12) => plain(text).split('\n').slice(0, lines).join('\n');

/** Collects the Playwright tests whose last result was not the expected one (flaky included). */
function failedSpecs(suite, path) {
  for (const child of suite.suites ?? []) failedSpecs(child, [...path, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'expected' || test.status === 'skipped') continue;
      const errors = (test.results ?? []).flatMap((result) =>
        (result.errors ?? []).map(
          (error) =>
            `[${result.status}, ${(result.duration / 1000).toFixed(1)} s] ${head(error.message ?? error.value)}`,
        ),
      );
      failures.push({
        title: `${[...path, spec.title].filter(Boolean).join(' › ')} (${test.projectName || 'default'}; ${spec.file}:${spec.line})`,
        errors,
      });
    }
  }
}

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
    for (const fileResult of report.testResults ?? []) {
      for (const test of fileResult.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        failures.push({
          title: `${file}: ${test.fullName ?? test.title} (${fileResult.name})`,
          errors: (test.failureMessages ?? []).map((message) => head(message)),
        });
      }
      if (
        fileResult.status === 'failed' &&
        !(fileResult.assertionResults ?? []).some((t) => t.status === 'failed')
      ) {
        failures.push({ title: `${file}: ${fileResult.name}`, errors: [head(fileResult.message)] });
      }
    }
  } else if (file.startsWith('playwright')) {
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) timeByBrowser(suite, [suite.title]);
    for (const suite of report.suites ?? []) failedSpecs(suite, [suite.title]);
    for (const error of report.errors ?? []) {
      failures.push({ title: `${file}: an error outside any test`, errors: [head(error.message)] });
    }
  }
}
if (failuresOnly) {
  console.log(`${failures.length} failed:`);
  for (const failure of failures) {
    console.log(`\n✘ ${failure.title}`);
    for (const error of failure.errors) console.log(error.replace(/^/gm, '    '));
  }
  process.exit(0);
}
for (const browser of ['chromium', 'firefox']) {
  if (browserTests[browser]) {
    console.log(
      `cross-browser ${browser}: ${browserTests[browser]} tests in ${browserSeconds[browser].toFixed(1)} s`,
    );
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
