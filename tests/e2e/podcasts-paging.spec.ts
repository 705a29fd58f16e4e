import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { startApp, type AppProcess } from '../helpers/app-process';
import { freePort } from '../helpers/net';

// A show with more episodes than the home section shows at first. The server searches and
// pages; 'Show more episodes' adds the next page. A server of its own, with 9 episodes imported from a
// feed by `npm run podcasts:import` (the main e2e server keeps the three samples other specs expect).
const EPISODES = Array.from({ length: 9 }, (_, i) => {
  const n = 9 - i; // newest first
  return {
    n,
    title: `Episode ${n}: ${['Allotments', 'Bus Routes', 'Cricket Clubs'][n % 3]} of the County`,
    description:
      n === 2
        ? 'Herons nesting at Heronsgate, and the volunteers who count them.'
        : `Part ${n} of our look at village life.`,
  };
});

let server: AppProcess | null = null;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-e2e-podcasts-'));
  const items = EPISODES.map(
    (
      e,
    ) => `<item><title>${e.title}</title><description>${e.description}</description><guid>paging-${e.n}</guid>
      <pubDate>${new Date(Date.UTC(2026, 0, e.n)).toUTCString()}</pubDate><itunes:episode>${e.n}</itunes:episode>
      <enclosure url="${base}/audio/sample-lea-valley.wav" type="audio/wav" length="1000"/></item>`,
  ).join('\n');
  const feed = path.join(dataDir, 'feed.xml');
  fs.writeFileSync(
    feed,
    `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Hertfordshire Voices</title>${items}</channel></rss>`,
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: path.join(dataDir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    CLIENT_DIST: path.resolve('dist/client'),
    LOG_LEVEL: 'warn',
    // The episodes' audio is this server's own sample file, fetched through the audio proxy.
    OUTBOUND_ALLOW_PRIVATE: `127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL;
  const imported = spawnSync('node_modules/.bin/tsx', ['src/server/cli/podcasts-import.ts', feed], {
    env,
    encoding: 'utf8',
  });
  expect(imported.status, imported.stderr).toBe(0);
  server = await startApp({
    from: 'source',
    port,
    dataDir: path.join(dataDir, 'data'),
    env,
    readyPath: '/readyz',
  });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openPodcasts(page: Page) {
  await page.goto(`${base}/#podcasts`);
  const section = page.locator('#podcasts');
  await expect(section.getByTestId('podcast-body')).toHaveAttribute('data-ready', 'true');
  return section;
}

test('shows the newest six, and Show more episodes adds the rest and then goes', async ({ page }) => {
  const section = await openPodcasts(page);
  const titles = section.getByTestId('podcast-episode').locator('button[data-pick]');
  await expect(titles).toHaveCount(6);
  await expect(titles.first()).toContainText(EPISODES[0]!.title);
  const more = section.getByRole('button', { name: 'Show more episodes' });
  await more.click();
  await expect(titles).toHaveCount(9);
  await expect(titles.nth(8)).toContainText(EPISODES[8]!.title);
  await expect(more).toHaveCount(0);
  // Focus moves to the first episode the button added, not lost with the button.
  await expect(titles.nth(6)).toBeFocused();
});

test('searches every episode on the server, not only those shown', async ({ page }) => {
  const section = await openPodcasts(page);
  const episodes = section.getByTestId('podcast-episode');
  const search = section.getByRole('searchbox', { name: 'Search episodes' });
  await expect(episodes).toHaveCount(6);
  // Episode 2 is on the second page; its description is the only one with 'Heronsgate'.
  await search.fill('heronsgate');
  await expect(episodes).toHaveCount(1);
  await expect(episodes).toContainText(EPISODES[7]!.title);
  await expect(section.getByRole('button', { name: 'Show more episodes' })).toHaveCount(0);
  await search.fill('Watford Gap');
  await expect(section.getByText('No episodes found matching "Watford Gap"')).toBeVisible();
  await expect(episodes).toHaveCount(0);
  await search.fill('');
  await expect(episodes).toHaveCount(6);
  await expect(section.getByRole('button', { name: 'Show more episodes' })).toBeVisible();
});

test('plays an episode from the second page, and it keeps playing while the list is searched', async ({
  page,
}) => {
  const section = await openPodcasts(page);
  await section.getByRole('button', { name: 'Show more episodes' }).click();
  const eighth = section
    .getByTestId('podcast-episode')
    .filter({ hasText: EPISODES[7]!.title })
    .locator('button[data-pick]');
  await eighth.click();
  await section
    .getByTestId('podcast-player')
    .getByRole('button', { name: `Play ${EPISODES[7]!.title}` })
    .click();
  const player = section.getByTestId('podcast-player');
  await expect(player).toHaveAttribute('data-state', 'playing');
  await expect(player).toContainText(EPISODES[7]!.title);
  const src = await page.getByTestId('podcast-audio').getAttribute('src');
  expect(src).toMatch(/^\/api\/audio-proxy\/\d+$/);

  // A search that does not find it: the list changes, the player does not.
  await section.getByRole('searchbox', { name: 'Search episodes' }).fill('Allotments');
  await expect(section.getByTestId('podcast-episode')).toHaveCount(3);
  await expect(player).toContainText(EPISODES[7]!.title);
  expect(await page.getByTestId('podcast-audio').getAttribute('src')).toBe(src);
  await expect(player).not.toHaveAttribute('data-state', 'idle');
});
