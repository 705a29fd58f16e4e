import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPodcastFeed } from '../../src/server/domains/podcasts';
import { buildTestApp, type TestApp } from '../helpers/app';

// The audio proxy against a real audio host on 127.0.0.1: whole files, byte ranges, a host that
// fails, one that never answers, one that stops half-way, and ids that are not episodes.
const TIMEOUT_MS = 500;
const AUDIO = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 7 + (i >> 8)) % 256));

let t: TestApp;
let upstream: http.Server;
let upstreamBase: string;
let closedPortUrl: string;
let releaseSlow: () => void = () => {};
const BIG_SIZE = 64 * 1024 * 1024;
let bigSent = -1;
const episodeIds = new Map<string, number>();

function startUpstream(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/audio.mp3' || url === '/octet.mp3') {
      const type = url === '/octet.mp3' ? 'application/octet-stream' : 'audio/mpeg';
      const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (match) {
        const start = Number(match[1]);
        const end = match[2] ? Math.min(Number(match[2]), AUDIO.length - 1) : AUDIO.length - 1;
        if (start >= AUDIO.length) {
          res.writeHead(416, { 'Content-Range': `bytes */${AUDIO.length}` }).end();
          return;
        }
        res.writeHead(206, {
          'Content-Type': type,
          'Content-Length': end - start + 1,
          'Content-Range': `bytes ${start}-${end}/${AUDIO.length}`,
          'Accept-Ranges': 'bytes',
        });
        res.end(AUDIO.subarray(start, end + 1));
        return;
      }
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': AUDIO.length, 'Accept-Ranges': 'bytes' });
      res.end(AUDIO);
      return;
    }
    if (url === '/moved.mp3') {
      res.writeHead(302, { Location: '/audio.mp3' }).end();
      return;
    }
    if (url === '/fail.mp3') {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('upstream exploded');
      return;
    }
    if (url === '/missing.mp3') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('gone');
      return;
    }
    if (url === '/stall.mp3') return; // accepts the connection, never answers
    if (url === '/big.mp3') {
      // 64 MiB, written only as fast as the reader takes it.
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': BIG_SIZE });
      res.on('close', () => (bigSent = sent));
      const pump = () => {
        while (sent < BIG_SIZE && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
      return;
    }
    if (url === '/half.mp3') {
      // Headers and the first 64 KiB, then nothing more.
      res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': AUDIO.length });
      res.write(AUDIO.subarray(0, 64 * 1024));
      return;
    }
    if (url === '/slow.mp3') {
      // The first chunk at once; the rest only when the test says so.
      res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': AUDIO.length });
      res.write(AUDIO.subarray(0, 1024));
      releaseSlow = () => res.end(AUDIO.subarray(1024));
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function feedXml(items: Array<{ guid: string; url: string }>): string {
  const entries = items
    .map(
      (item, i) => `<item><title>Episode ${item.guid}</title><guid>${item.guid}</guid>
        <pubDate>Tue, ${String(10 + i).padStart(2, '0')} Nov 2025 07:00:00 GMT</pubDate>
        <enclosure url="${item.url}" type="audio/mpeg" length="1"/></item>`,
    )
    .join('\n');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Proxy test</title>${entries}</channel></rss>`;
}

beforeAll(async () => {
  upstream = await startUpstream();
  upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
  closedPortUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/audio.mp3`;
  await new Promise((resolve) => closed.close(resolve));

  // The stand-in audio host is on 127.0.0.1, which the proxy fetches from only when told to.
  t = await buildTestApp({
    env: { PODCAST_PROXY_TIMEOUT_MS: String(TIMEOUT_MS), OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' },
  });
  const items = [
    { guid: 'audio', url: `${upstreamBase}/audio.mp3` },
    { guid: 'octet', url: `${upstreamBase}/octet.mp3` },
    { guid: 'moved', url: `${upstreamBase}/moved.mp3` },
    { guid: 'fail', url: `${upstreamBase}/fail.mp3` },
    { guid: 'missing', url: `${upstreamBase}/missing.mp3` },
    { guid: 'stall', url: `${upstreamBase}/stall.mp3` },
    { guid: 'half', url: `${upstreamBase}/half.mp3` },
    { guid: 'slow', url: `${upstreamBase}/slow.mp3` },
    { guid: 'big', url: `${upstreamBase}/big.mp3` },
    { guid: 'refused', url: closedPortUrl },
  ];
  await importPodcastFeed(t.deps.db, feedXml(items));
  const list = (await t.app.inject({ method: 'GET', url: '/api/podcasts?limit=50' })).json() as Array<{
    id: number;
    title: string;
  }>;
  for (const e of list) episodeIds.set(e.title.replace('Episode ', ''), e.id);
});

afterAll(async () => {
  await t?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

const proxyUrl = (guid: string) => `/api/audio-proxy/${episodeIds.get(guid)}`;

describe('GET /api/audio-proxy/{id}', () => {
  it('streams the whole file with its type, length and range support', async () => {
    const res = await t.app.inject({ method: 'GET', url: proxyUrl('audio') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe(String(AUDIO.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('forwards a Range request and answers 206 with the right bytes and Content-Range', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: proxyUrl('audio'),
      headers: { range: 'bytes=1000-1999' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-1999/${AUDIO.length}`);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(AUDIO.subarray(1000, 2000))).toBe(true);

    const tail = await t.app.inject({
      method: 'GET',
      url: proxyUrl('audio'),
      headers: { range: `bytes=${AUDIO.length - 10}-` },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(AUDIO.subarray(AUDIO.length - 10))).toBe(true);
  });

  it('passes on 416 for a range beyond the end', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: proxyUrl('audio'),
      headers: { range: `bytes=${AUDIO.length + 5}-` },
    });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${AUDIO.length}`);
  });

  it('follows a redirect of the audio host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: proxyUrl('moved'),
      headers: { range: 'bytes=0-99' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(AUDIO.subarray(0, 100))).toBe(true);
  });

  it('names an audio type when the host only says octet-stream', async () => {
    const res = await t.app.inject({ method: 'GET', url: proxyUrl('octet') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
  });

  it('answers 502 with a message when the audio host fails, refuses or has lost the file', async () => {
    for (const guid of ['fail', 'refused', 'missing']) {
      const res = await t.app.inject({ method: 'GET', url: proxyUrl(guid) });
      expect(res.statusCode, guid).toBe(502);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('answers 504 within the timeout when the audio host never answers', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: proxyUrl('stall') });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/did not answer in time/);
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it('answers 404 JSON for an unknown episode and 400 for an id that is not a number', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/audio-proxy/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
    expect(unknown.json().message).toBe('Episode not found');

    const bad = await t.app.inject({ method: 'GET', url: '/api/audio-proxy/http%3A%2F%2Fevil.test%2Fx.mp3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/whole number/);
  });

  it('is no open proxy: a query string naming another address is ignored', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${proxyUrl('audio')}?url=${encodeURIComponent(`${upstreamBase}/fail.mp3`)}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(AUDIO.subarray(0, 10))).toBe(true);
  });
});

describe('the audio proxy over a real connection', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('streams: the first bytes reach the browser before the host has sent the rest', async () => {
    const res = await fetch(`${base}${proxyUrl('slow')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(AUDIO.length));
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(Buffer.from(first.value!).equals(AUDIO.subarray(0, first.value!.length))).toBe(true);
    // Only now does the host send the remaining bytes.
    releaseSlow();
    let received = first.value!.length;
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      received += chunk.value.length;
    }
    expect(received).toBe(AUDIO.length);
  });

  it('stops downloading from the host when the browser drops the request (as a seek does)', async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}${proxyUrl('big')}`, { signal: abort.signal });
    expect(res.status).toBe(200);
    await res.body!.getReader().read();
    abort.abort();
    await expect.poll(() => bigSent, { timeout: 5000 }).toBeGreaterThan(0);
    // Only what was in flight was fetched, nowhere near the whole file.
    expect(bigSent).toBeLessThan(BIG_SIZE / 2);
  });

  it('reuses connections to the host without piling up timers', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 15; i++) {
        const res = await fetch(`${base}${proxyUrl('audio')}`, { headers: { Range: `bytes=${i}-${i + 9}` } });
        expect(res.status).toBe(206);
        expect(Buffer.from(await res.arrayBuffer()).equals(AUDIO.subarray(i, i + 10))).toBe(true);
      }
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });

  it('cuts off a body that stalls half-way instead of hanging', async () => {
    const started = Date.now();
    const res = await fetch(`${base}${proxyUrl('half')}`);
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
  });
});

describe('the seeded sample episodes', () => {
  it('are served from our own files, whole and by range', async () => {
    const fresh = await buildTestApp();
    try {
      const list = (await fresh.app.inject({ method: 'GET', url: '/api/podcasts' })).json() as Array<{
        id: number;
        audioUrl: string;
      }>;
      const sample = list[0]!;
      expect(sample.audioUrl).toMatch(/^\/audio\/.+\.wav$/);
      const file = fs.readFileSync(path.join('public', sample.audioUrl));

      const whole = await fresh.app.inject({ method: 'GET', url: `/api/audio-proxy/${sample.id}` });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/wav');
      expect(whole.headers['content-length']).toBe(String(file.length));
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(file)).toBe(true);
      // A real WAV file: RIFF header, PCM format.
      expect(whole.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(whole.rawPayload.subarray(8, 12).toString('ascii')).toBe('WAVE');

      const part = await fresh.app.inject({
        method: 'GET',
        url: `/api/audio-proxy/${sample.id}`,
        headers: { range: 'bytes=44-143' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 44-143/${file.length}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.rawPayload.equals(file.subarray(44, 144))).toBe(true);

      const beyond = await fresh.app.inject({
        method: 'GET',
        url: `/api/audio-proxy/${sample.id}`,
        headers: { range: `bytes=${file.length}-` },
      });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${file.length}`);
    } finally {
      await fresh.close();
    }
  });
});

describe('the audio proxy rate limit', () => {
  it('answers 429 with a message once one address has made too many requests', async () => {
    // 600 per 10 minutes, scaled down here to 3.
    const limited = await buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: '0.005' } });
    try {
      const [sample] = (await limited.app.inject({ method: 'GET', url: '/api/podcasts' })).json() as Array<{
        id: number;
      }>;
      const get = () =>
        limited.app.inject({
          method: 'GET',
          url: `/api/audio-proxy/${sample!.id}`,
          headers: { range: 'bytes=0-9' },
        });
      for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(206);
      const refused = await get();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/application\/json/);
      expect(refused.json().message).toBeTruthy();
      expect(refused.headers['retry-after']).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
