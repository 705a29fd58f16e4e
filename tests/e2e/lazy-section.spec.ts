import { build } from 'esbuild';
import { expect, test } from '@playwright/test';

// The lazy section itself (src/client/lib/lazy-section.tsx), hydrated in Chromium over server HTML
// with its code arriving while React waits for it (tests/fixtures/lazy-section/hydrate.tsx). React
// then renders the section again with the hooks it had so far: a section that called use() only
// while its code was missing skipped it on that render, met useEffect as an update on a first
// render (React error 467), and React gave up hydrating it (422) to render it on the client. In
// the screenshot run this came with a chunk landing at the wrong moment (docs/decisions/0016);
// here it comes every time.

test('a lazy section whose code comes while React waits for it hydrates without an error', async ({
  page,
}) => {
  const bundle = await build({
    entryPoints: ['tests/fixtures/lazy-section/hydrate.tsx'],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // What the server writes for a section: its HTML inside a Suspense boundary's markers.
  await page.setContent('<div id="root"><!--$--><p id="loaded">Loaded</p><!--/$--></div>');
  const paragraph = await page.locator('#loaded').elementHandle();
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  expect(
    await page.evaluate(() => (window as unknown as { lazySectionErrors: string[] }).lazySectionErrors),
  ).toEqual([]);
  expect(errors).toEqual([]);
  // Hydrated, not rendered again: the server's paragraph is still the one on the page.
  expect(await paragraph!.evaluate((p) => p.isConnected)).toBe(true);
});
