import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importPodcastFeed,
  importPodcastFeedFromUrl,
  listEpisodes,
  everyMinutesCron,
  FEED_REFRESH_QUEUE,
  podcastFeedJobs,
} from '../../src/server/domains/podcasts';
import { createOutboundClient } from '../../src/server/platform/outbound';
import { parseAllowList } from '../../src/server/platform/address-ranges';
import { openJobQueue } from '../../src/server/platform/jobs/queue';
import { buildTestApp, type TestApp } from '../helpers/app';
import { podcastEpisodes } from '../../src/server/domains/podcasts/tables';
import { scaled } from '../helpers/timeouts';

// GET /api/podcasts and the RSS import, on the feed files in tests/fixtures/podcasts.
const fixture = (name: string) => fs.readFileSync(path.join('tests/fixtures/podcasts', name), 'utf8');

interface Episode {
  id: number;
  title: string;
  description: string;
  episodeNumber: number | null;
  audioUrl: string | null;
  imageUrl: string | null;
  spotifyUrl: string | null;
  publishedAt: string | null;
}

async function list(t: TestApp): Promise<Episode[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/podcasts' });
  expect(res.statusCode).toBe(200);
  return res.json() as Episode[];
}

/**
 * What GET /api/podcasts lists, read straight from the service: public reads are cached for a few
 * seconds (http/response-cache.ts), and an import does not go through an HTTP write.
 */
async function stored(t: TestApp): Promise<Episode[]> {
  return (await listEpisodes(t.deps.db, { page: 1, pageSize: 50 })).items;
}

describe('GET /api/podcasts on a fresh install', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the sample episodes, newest first, with the fields of docs/specification.md §3', async () => {
    const episodes = await list(t);
    expect(episodes).toHaveLength(3);
    for (const e of episodes) {
      expect(Object.keys(e).sort()).toEqual(
        [
          'audioUrl',
          'description',
          'episodeNumber',
          'id',
          'imageUrl',
          'publishedAt',
          'spotifyUrl',
          'title',
        ].sort(),
      );
      // Served by this site, so a fresh install plays without reaching another host.
      expect(e.audioUrl).toMatch(/^\/audio\/[\w-]+\.wav$/);
      expect(e.spotifyUrl).toMatch(/^https:\/\/open\.spotify\.com\//);
      expect(e.description.length).toBeGreaterThan(40);
    }
    expect(episodes.map((e) => e.episodeNumber)).toEqual([3, 2, 1]);
  });

  it('answers the same list over tRPC', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/podcasts.list' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toHaveLength(3);
  });

  it('is documented in the OpenAPI document, with the audio proxy', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/podcasts'].get).toBeTruthy();
    expect(Object.keys(doc.paths['/audio-proxy/{id}'].get.responses)).toEqual(
      expect.arrayContaining(['200', '206', '404', '502', '504']),
    );
  });
});

describe('GET /api/podcasts, paged (issue 14.3)', () => {
  let t: TestApp;
  const EPISODES = 15;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    await t.deps.db.insert(podcastEpisodes).values(
      Array.from({ length: EPISODES }, (_, i) => ({
        guid: `paging-${i + 1}`,
        title: i % 5 === 0 ? `Market day special ${i + 1}` : `Episode ${i + 1}`,
        description:
          i === 3 ? 'We talk about the Hitchin lavender farm.' : 'A conversation from around the county.',
        episodeNumber: i + 1,
        publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it("GET /api/podcasts/pages: the home section's pages, with the total of the same search", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/podcasts/pages?page=1' });
    expect(first.statusCode).toBe(200);
    const page = first.json() as { items: Episode[]; total: number; page: number; pageSize: number };
    expect(page.items.map((e) => e.episodeNumber)).toEqual([15, 14, 13, 12, 11, 10]);
    expect(page).toMatchObject({ total: EPISODES, page: 1, pageSize: 6 });
    const third = (
      await t.app.inject({ method: 'GET', url: '/api/podcasts/pages?page=3' })
    ).json() as typeof page;
    expect(third.items.map((e) => e.episodeNumber)).toEqual([3, 2, 1]);
    const searched = (
      await t.app.inject({ method: 'GET', url: '/api/podcasts/pages?page=1&q=LAVENDER' })
    ).json() as typeof page;
    expect(searched.items.map((e) => e.episodeNumber)).toEqual([4]);
    expect(searched.total).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/podcasts/pages?page=0' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/podcasts/pages?q=${'x'.repeat(101)}` })).statusCode,
    ).toBe(400);
  });

  it('answers the latest 6 by default, with the total and a next link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/podcasts' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Episode[]).map((e) => e.episodeNumber)).toEqual([15, 14, 13, 12, 11, 10]);
    expect(res.headers['x-total-count']).toBe(String(EPISODES));
    expect(res.headers.link).toBe(`<${t.deps.config.publicUrl}/api/podcasts?page=2&limit=6>; rel="next"`);
  });

  it('follows page and limit, bounds limit at 50, and searches title and description on the server', async () => {
    const last = await t.app.inject({ method: 'GET', url: '/api/podcasts?page=3&limit=6' });
    expect((last.json() as Episode[]).map((e) => e.episodeNumber)).toEqual([3, 2, 1]);
    expect(last.headers.link).toContain('rel="prev"');
    expect(last.headers.link).not.toContain('rel="next"');
    expect((await t.app.inject({ method: 'GET', url: '/api/podcasts?limit=51' })).statusCode).toBe(400);
    const market = await t.app.inject({ method: 'GET', url: '/api/podcasts?q=market%20DAY' });
    expect((market.json() as Episode[]).map((e) => e.episodeNumber)).toEqual([11, 6, 1]);
    expect(market.headers['x-total-count']).toBe('3');
    expect((await t.app.inject({ method: 'GET', url: '/api/podcasts?q=lavender' })).json()).toHaveLength(1);
    // The tRPC call without input (older clients) is the first page.
    expect(
      (await t.app.inject({ method: 'GET', url: '/trpc/podcasts.list' })).json().result.data,
    ).toHaveLength(6);
  });
});

describe('GET /api/podcasts without the seed', () => {
  it('is an empty list', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      expect(await list(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('importing the RSS feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds the episodes of a good feed, which then replace the samples in the list', async () => {
    const result = await importPodcastFeed(t.deps.db, fixture('good-feed.xml'));
    expect(result).toEqual({ added: 3, updated: 0, skipped: 0 });
    const episodes = await list(t);
    expect(episodes.map((e) => e.title)).toEqual([
      'The Stevenage Start-ups Building in the Old Town',
      'St Albans Cathedral Quarter: Cafés, Cloisters and Coach Parties',
      "Bishop's Stortford's Community Larder, One Year On",
    ]);
    const [twelve, eleven] = episodes;
    expect(twelve).toMatchObject({
      episodeNumber: 12,
      audioUrl: 'https://media.example.test/hv/episode-12.mp3',
      imageUrl: 'https://media.example.test/hv/episode-12.jpg',
      spotifyUrl: 'https://open.spotify.com/episode/7makk4oTQel546B0PZlDM5',
      publishedAt: '2025-11-11T07:00:00.000Z',
    });
    // HTML in the feed becomes plain text.
    expect(twelve!.description).toBe(
      'Three founders explain why they chose Stevenage Old Town over London, and what the new innovation hub means for local jobs.',
    );
    // Without its own, an episode takes the show's artwork and Spotify page.
    expect(eleven).toMatchObject({
      episodeNumber: 11,
      imageUrl: 'https://media.example.test/hv/cover.jpg',
      spotifyUrl: 'https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk',
    });
  });

  it('imports the same feed again without duplicating anything', async () => {
    const before = await stored(t);
    const result = await importPodcastFeed(t.deps.db, fixture('good-feed.xml'));
    expect(result).toEqual({ added: 0, updated: 3, skipped: 0 });
    expect(await stored(t)).toEqual(before);
  });

  it('adds new episodes and updates known ones, but never deletes one the feed dropped', async () => {
    const before = await stored(t);
    const result = await importPodcastFeed(t.deps.db, fixture('updated-feed.xml'));
    expect(result).toEqual({ added: 1, updated: 2, skipped: 0 });
    const after = await stored(t);
    expect(after.map((e) => e.episodeNumber)).toEqual([13, 12, 11, 10]);
    const twelve = after.find((e) => e.episodeNumber === 12)!;
    expect(twelve.title).toBe('Stevenage Start-ups: Building in the Old Town');
    // The same row, updated in place: its id did not change.
    expect(twelve.id).toBe(before.find((e) => e.episodeNumber === 12)!.id);
    expect(after.find((e) => e.episodeNumber === 10)).toEqual(before.find((e) => e.episodeNumber === 10));
  });

  it('leaves the list as it is when the feed is broken', async () => {
    const before = await stored(t);
    await expect(importPodcastFeed(t.deps.db, fixture('broken-feed.xml'))).rejects.toThrow(
      /could not be read/,
    );
    await expect(importPodcastFeed(t.deps.db, '<html><body>Maintenance</body></html>')).rejects.toThrow();
    expect(await stored(t)).toEqual(before);
  });

  it('skips items it cannot identify and keeps the rest', async () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title>
      <item><title>No guid, no audio, no link</title></item>
      <item><guid>hv-episode-9</guid><title>Tring Park in Autumn</title><enclosure url="ftp://media.example.test/9.mp3" type="audio/mpeg"/></item>
    </channel></rss>`;
    const result = await importPodcastFeed(t.deps.db, xml);
    expect(result).toEqual({ added: 1, updated: 0, skipped: 1 });
    // Only http(s) audio is kept.
    expect((await stored(t)).find((e) => e.title === 'Tring Park in Autumn')?.audioUrl).toBeNull();
  });
});

describe('fetching the feed from PODCAST_FEED_URL', () => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  let feedRequests = 0;
  let hugeSent = 0;
  // The stand-in feed host lives on 127.0.0.1, which only an explicit allow-list lets us fetch from.
  let outbound: ReturnType<typeof createOutboundClient>;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    server = http.createServer((req, res) => {
      if (req.url === '/huge.xml') {
        // No Content-Length: the size is only known by reading, so the cap must hold while streaming.
        res.writeHead(200, { 'Content-Type': 'application/rss+xml' });
        const chunk = Buffer.alloc(256 * 1024, 'x');
        const pump = () => {
          while (hugeSent < 64 * 1024 * 1024 && !res.destroyed) {
            hugeSent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>');
        pump();
      } else if (req.url === '/feed.xml') {
        feedRequests++;
        res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(fixture('good-feed.xml'));
      } else if (req.url === '/broken.xml') {
        res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(fixture('broken-feed.xml'));
      } else if (req.url === '/down.xml') {
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Service Unavailable');
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    outbound = createOutboundClient({ allowPrivate: parseAllowList(`127.0.0.1:${port}`) });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('imports over HTTP, and a feed host that fails or serves a broken feed changes nothing', async () => {
    const options = { outbound };
    expect(await importPodcastFeedFromUrl(t.deps.db, `${base}/feed.xml`, options)).toMatchObject({
      added: 3,
    });
    const before = await stored(t);
    await expect(importPodcastFeedFromUrl(t.deps.db, `${base}/down.xml`, options)).rejects.toThrow(/503/);
    await expect(importPodcastFeedFromUrl(t.deps.db, `${base}/broken.xml`, options)).rejects.toThrow(
      /could not be read/,
    );
    await expect(importPodcastFeedFromUrl(t.deps.db, 'file:///etc/passwd', options)).rejects.toThrow(/http/);
    expect(await stored(t)).toEqual(before);
  });

  it('reads a feed without Content-Length only up to 10 MB, then stops downloading', async () => {
    const before = await stored(t);
    await expect(importPodcastFeedFromUrl(t.deps.db, `${base}/huge.xml`, { outbound })).rejects.toThrow(
      /larger than 10 MB/,
    );
    // The host was cut off near the cap, nowhere near the 64 MB it would have sent.
    await new Promise((r) => setTimeout(r, 100));
    expect(hugeSent).toBeLessThan(20 * 1024 * 1024);
    expect(await stored(t)).toEqual(before);
  });

  it('fetches nothing from a private address unless the allow-list names it', async () => {
    const strict = createOutboundClient({ allowPrivate: [] });
    const requestsBefore = feedRequests;
    await expect(
      importPodcastFeedFromUrl(t.deps.db, `${base}/feed.xml`, { outbound: strict }),
    ).rejects.toThrow(/not a public address/);
    expect(feedRequests).toBe(requestsBefore);
  });

  it('refreshes as a scheduled job: one waits at a time, and a run imports the feed', async () => {
    const logged: string[] = [];
    const requestsBefore = feedRequests;
    const refresh = podcastFeedJobs({
      importFeed: (signal) => importPodcastFeedFromUrl(t.deps.db, `${base}/feed.xml`, { outbound, signal }),
      intervalMinutes: 60,
      log: { info: (_o: object, msg: string) => logged.push(msg) },
    });
    expect(refresh.schedule).toBe('0 */1 * * *');
    expect(everyMinutesCron(15)).toBe('*/15 * * * *');
    expect(everyMinutesCron(24 * 60)).toBe('0 0 * * *');
    const queue = await openJobQueue(t.handle, [refresh]);
    try {
      // Two instances starting (or a start and a tick) queue one refresh, not two.
      expect(await queue.send(FEED_REFRESH_QUEUE, {})).not.toBeNull();
      expect(await queue.send(FEED_REFRESH_QUEUE, {})).toBeNull();
      expect(await queue.runDue()).toEqual({ done: 1, failed: 0 });
    } finally {
      await queue.stop();
    }
    expect(feedRequests).toBe(requestsBefore + 1);
    expect(logged).toEqual(['podcast feed imported']);
    expect(await stored(t)).toHaveLength(3);
  });
});

describe('npm run podcasts:import', () => {
  it(
    'imports a feed file into the database, idempotently, and refuses a broken one',
    () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-podcasts-cli-'));
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      } as NodeJS.ProcessEnv;
      delete env.DATABASE_URL; // the command's own embedded database, never a shared server
      delete env.PODCAST_FEED_URL;
      const run = (file: string) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/podcasts-import.ts', file], {
          env,
          encoding: 'utf8',
        });
      try {
        const first = run('tests/fixtures/podcasts/good-feed.xml');
        expect(first.status, first.stderr).toBe(0);
        expect(first.stdout).toMatch(/3 new, 0 updated, 0 skipped; 3 episodes stored/);
        const again = run('tests/fixtures/podcasts/good-feed.xml');
        expect(again.stdout).toMatch(/0 new, 3 updated, 0 skipped; 3 episodes stored/);
        const broken = run('tests/fixtures/podcasts/broken-feed.xml');
        expect(broken.status).toBe(1);
        expect(broken.stderr).toMatch(/Import failed, episodes left as they were/);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    scaled(60_000),
  );
});
