import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEpisode, PodcastEpisode } from '../../src/shared/podcasts.schema';
import { sniffAudioType } from '../../src/server/domains/uploads';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin, type SignedInAdmin } from '../helpers/admin';
import { uploadThroughLink } from '../helpers/uploads';

// The feed's address and 'Import now' (through the outbound safety: the
// stand-in host on 127.0.0.1 is reachable only because OUTBOUND_ALLOW_PRIVATE names it), hiding an
// imported episode (still hidden after the next import), and episodes added by hand with their
// audio uploaded through the signed upload link and played through the audio proxy with Range.

let t: TestApp;
let admin: SignedInAdmin;
let server: http.Server;
let base: string;

const fixture = (name: string) => fs.readFileSync(path.join('tests/fixtures/podcasts', name), 'utf8');
/** An MP3 as the first bytes say: an ID3 tag, then frames (their content does not matter here). */
const MP3 = Buffer.concat([
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(4096, 0x55),
]);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/feed.xml')
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(fixture('good-feed.xml'));
    else if (req.url === '/down.xml') res.writeHead(503).end('Service Unavailable');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: `127.0.0.1:${port}` } });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.auth, ...(payload === undefined ? {} : { payload }) });
const publicEpisodes = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/podcasts?limit=50' })).json() as PodcastEpisode[];
const adminEpisodes = async () =>
  (await call('GET', '/api/admin/podcasts?pageSize=100')).json().items as AdminEpisode[];

describe('the podcast admin', () => {
  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/podcasts'],
      ['POST', '/api/admin/podcasts'],
      ['PATCH', '/api/admin/podcasts/1'],
      ['DELETE', '/api/admin/podcasts/1'],
      ['GET', '/api/admin/podcasts/feed'],
      ['PUT', '/api/admin/podcasts/feed'],
      ['POST', '/api/admin/podcasts/feed/import'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('imports the feed the admin saves, on request, and remembers how it went', async () => {
    expect((await call('GET', '/api/admin/podcasts/feed')).json()).toEqual({
      feedUrl: null,
      fromConfig: false,
      lastImport: null,
    });
    const none = await call('POST', '/api/admin/podcasts/feed/import');
    expect(none.statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/admin/podcasts/feed', { feedUrl: 'ftp://example.co.uk/feed' })).statusCode,
    ).toBe(400);

    const saved = await call('PUT', '/api/admin/podcasts/feed', { feedUrl: `${base}/feed.xml` });
    expect(saved.json()).toMatchObject({ feedUrl: `${base}/feed.xml`, fromConfig: false });
    // The seeded samples are what visitors hear until the real show arrives.
    expect((await publicEpisodes()).every((e) => e.audioUrl?.startsWith('/audio/'))).toBe(true);
    const imported = await call('POST', '/api/admin/podcasts/feed/import');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      added: 3,
      updated: 0,
      message: 'Imported 3 episodes: 3 new, 0 updated.',
    });
    expect(await publicEpisodes()).toHaveLength(3);
    expect((await call('GET', '/api/admin/podcasts/feed')).json().lastImport).toMatchObject({ ok: true });

    await call('PUT', '/api/admin/podcasts/feed', { feedUrl: `${base}/down.xml` });
    const failed = await call('POST', '/api/admin/podcasts/feed/import');
    expect(failed.statusCode).toBe(502);
    expect((await call('GET', '/api/admin/podcasts/feed')).json().lastImport).toMatchObject({
      ok: false,
      message: expect.stringMatching(/503/),
    });
    expect(await publicEpisodes()).toHaveLength(3);
    await call('PUT', '/api/admin/podcasts/feed', { feedUrl: `${base}/feed.xml` });
  });

  it('hides an imported episode from visitors, and the next import leaves it hidden', async () => {
    const episode = (await adminEpisodes()).find((e) => e.source === 'feed')!;
    const hidden = await call('PATCH', `/api/admin/podcasts/${episode.id}`, { visible: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await publicEpisodes()).map((e) => e.id)).not.toContain(episode.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/audio-proxy/${episode.id}` })).statusCode).toBe(
      404,
    );

    expect((await call('POST', '/api/admin/podcasts/feed/import')).json()).toMatchObject({
      added: 0,
      updated: 3,
    });
    expect((await publicEpisodes()).map((e) => e.id)).not.toContain(episode.id);
    expect((await adminEpisodes()).find((e) => e.id === episode.id)).toMatchObject({ visible: false });

    // What the feed owns cannot be changed or deleted here: the next import would undo it.
    const renamed = await call('PATCH', `/api/admin/podcasts/${episode.id}`, { title: 'Mine now' });
    expect(renamed.statusCode).toBe(409);
    expect((await call('DELETE', `/api/admin/podcasts/${episode.id}`)).statusCode).toBe(409);
    await call('PATCH', `/api/admin/podcasts/${episode.id}`, { visible: true });
    expect(await publicEpisodes()).toHaveLength(3);
  });

  it('adds an episode by hand with its audio uploaded, which the player streams with Range', async () => {
    const { ticket, put, uploadURL, objectPath } = await uploadThroughLink(t.app, admin.auth, MP3, {
      contentType: 'audio/mpeg',
      kind: 'audio',
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect(uploadURL).toContain('kind=audio');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ objectPath, contentType: 'audio/mpeg', size: MP3.length });

    const created = await call('POST', '/api/admin/podcasts', {
      title: 'Hertford Market at Christmas',
      description: 'Stallholders on the busiest Saturday of the year.',
      episodeNumber: 12,
      audioUrl: objectPath,
      spotifyUrl: 'https://open.spotify.com/episode/abc123',
    });
    expect(created.statusCode, created.body).toBe(200);
    const episode = created.json() as AdminEpisode;
    expect(episode).toMatchObject({ source: 'manual', visible: true, episodeNumber: 12 });
    // Published now: the newest, first in the list.
    expect((await publicEpisodes())[0]).toMatchObject({
      id: episode.id,
      title: 'Hertford Market at Christmas',
    });

    const part = await t.app.inject({
      method: 'GET',
      url: `/api/audio-proxy/${episode.id}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(part.headers['content-range']).toBe(`bytes 0-9/${MP3.length}`);
    expect(part.rawPayload.equals(MP3.subarray(0, 10))).toBe(true);

    const edited = await call('PATCH', `/api/admin/podcasts/${episode.id}`, {
      title: 'Christmas at Hertford Market',
    });
    // Only what is sent changes.
    expect(edited.json()).toEqual({ ...episode, title: 'Christmas at Hertford Market' });
    expect((await call('DELETE', `/api/admin/podcasts/${episode.id}`)).statusCode).toBe(200);
    expect((await publicEpisodes()).map((e) => e.id)).not.toContain(episode.id);
    expect((await call('DELETE', `/api/admin/podcasts/${episode.id}`)).statusCode).toBe(404);
  });

  it('refuses an episode without audio, or with audio from nowhere we know', async () => {
    const bad = await call('POST', '/api/admin/podcasts', { title: 'x', audioUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^audioUrl: /);
    expect((await call('POST', '/api/admin/podcasts', { title: 'No audio' })).statusCode).toBe(400);
    const spotify = await call('POST', '/api/admin/podcasts', {
      title: 'x',
      audioUrl: 'https://cdn.example.co.uk/x.mp3',
      spotifyUrl: 'https://evil.example/',
    });
    expect(spotify.json().message).toMatch(/^spotifyUrl: /);
  });
});

describe('audio uploads', () => {
  const link = async (payload?: object) => {
    const res = await call('POST', '/api/objects/upload', payload);
    const url = new URL(res.json().uploadURL as string);
    return url.pathname + url.search;
  };

  it('are judged from their bytes, not their name or declared type', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: await link({ kind: 'audio' }),
      headers: { 'content-type': 'audio/mpeg' },
      payload: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/MP3, M4A \(AAC\), OGG or WAV/);
    // An image link takes no audio.
    const image = await t.app.inject({
      method: 'PUT',
      url: await link(),
      headers: { 'content-type': 'audio/mpeg' },
      payload: MP3,
    });
    expect(image.statusCode).toBe(415);
  });

  it('an image link cannot be turned into an audio one: the kind is signed', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${await link()}&kind=audio`,
      headers: { 'content-type': 'audio/mpeg' },
      payload: MP3,
    });
    expect(res.statusCode).toBe(403);
  });

  it('are refused from the declared length when larger than 200 MB', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: await link({ kind: 'audio' }),
      headers: { 'content-type': 'audio/mpeg', 'content-length': String(201 * 1024 * 1024) },
      payload: MP3,
    });
    expect(res.statusCode).toBe(413);
  });

  it('know MP3, AAC, M4A, OGG and WAV by their first bytes', () => {
    const bytes = (...values: Array<number | string>) =>
      Uint8Array.from(
        values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
      );
    expect(sniffAudioType(bytes('ID3', 4, 0))).toBe('audio/mpeg');
    expect(sniffAudioType(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('audio/mpeg');
    expect(sniffAudioType(bytes(0xff, 0xf1, 0x50, 0x80))).toBe('audio/aac');
    expect(sniffAudioType(bytes(0, 0, 0, 0x20, 'ftypM4A '))).toBe('audio/mp4');
    expect(sniffAudioType(bytes('OggS', 0))).toBe('audio/ogg');
    expect(sniffAudioType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBe('audio/wav');
    expect(sniffAudioType(bytes(0x89, 'PNG'))).toBeNull();
    expect(sniffAudioType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBeNull();
  });
});
