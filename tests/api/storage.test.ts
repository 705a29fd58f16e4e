import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/domains/uploads/tables';
import { BACKED_UP } from '../../src/server/domains';
import { restoreBackupArchive, writeBackupArchive } from '../../src/server/platform/backup';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { startS3Server, type S3Server } from '../helpers/s3-server';
import { uploadThroughLink } from '../helpers/uploads';

// Uploads, their smaller copies, podcast audio, byte ranges and backups behave the same on both
// storages: the local folder of the embedded default, and an S3 bucket (a real S3-protocol server
// on 127.0.0.1, reached through the real AWS SDK).

async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of t.deps.storage.list()) keys.push(key);
  return keys.sort();
}

describe.each(['local', 's3'] as const)('uploads on %s storage', (kind) => {
  let t: TestApp;
  let s3: S3Server | undefined;
  let auth: { authorization: string };
  let work: string;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3Server();
    t = await buildTestApp({ seed: false, env: s3?.env ?? {} });
    ({ auth } = await signedInAdmin(t));
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-storage-test-'));
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function upload(body: Buffer): Promise<{ status: number; objectPath: string; name: string }> {
    const { put, name } = await uploadThroughLink(t.app, auth, body);
    return { status: put.statusCode, objectPath: `/objects/uploads/${name}`, name };
  }

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();

  it('uses the storage the configuration names', () => {
    expect(t.deps.storage.kind).toBe(kind);
  });

  it('stores an upload and its smaller copies as objects, and serves them', async () => {
    const image = await png(700, 350);
    const stored = await upload(image);
    expect(stored.status).toBe(200);
    expect(await storedKeys(t)).toEqual(
      [stored.name, `.variants/${stored.name}-320.webp`, `.variants/${stored.name}-640.webp`].sort(),
    );
    const served = await t.app.inject({ method: 'GET', url: stored.objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(served.rawPayload.equals(image)).toBe(true);
    const small = await t.app.inject({ method: 'GET', url: `${stored.objectPath}?w=320` });
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    const head = await t.app.inject({ method: 'HEAD', url: stored.objectPath });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(image.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a byte range with 206, and a range past the end with 416', async () => {
    const image = await png(64, 64);
    const { objectPath } = await upload(image);
    const part = await t.app.inject({ method: 'GET', url: objectPath, headers: { range: 'bytes=8-23' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-23/${image.length}`);
    expect(part.headers['content-length']).toBe('16');
    expect(part.rawPayload.equals(image.subarray(8, 24))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: objectPath, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(image.subarray(image.length - 10))).toBe(true);
    const open = await t.app.inject({ method: 'GET', url: objectPath, headers: { range: 'bytes=100-' } });
    expect(open.rawPayload.equals(image.subarray(100))).toBe(true);
    const past = await t.app.inject({
      method: 'GET',
      url: objectPath,
      headers: { range: `bytes=${image.length + 5}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${image.length}`);
  });

  it("stores an episode's uploaded audio and plays it through the audio proxy with ranges", async () => {
    // An MP3 as its first bytes say: an ID3 tag, then frames.
    const mp3 = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
      Buffer.alloc(4096, 0x55),
    ]);
    const { put, objectPath, name } = await uploadThroughLink(t.app, auth, mp3, {
      contentType: 'audio/mpeg',
      kind: 'audio',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await storedKeys(t)).toContain(name);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/podcasts',
      headers: auth,
      payload: {
        title: 'Ware Lock at Dawn',
        description: 'The river before the boats.',
        audioUrl: objectPath,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: number }).id;
    const whole = await t.app.inject({ method: 'GET', url: `/api/audio-proxy/${id}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(mp3)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/audio-proxy/${id}`,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp3.length}`);
    expect(part.rawPayload.equals(mp3.subarray(100, 200))).toBe(true);
    const past = await t.app.inject({
      method: 'GET',
      url: `/api/audio-proxy/${id}`,
      headers: { range: `bytes=${mp3.length + 1}-` },
    });
    expect(past.statusCode).toBe(416);
  });

  it('stores nothing for a refused file', async () => {
    const before = await storedKeys(t);
    const refused = await upload(Buffer.from('not an image at all, just text'));
    expect(refused.status).toBe(415);
    expect(await storedKeys(t)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: refused.objectPath })).statusCode).toBe(404);
  });

  it('makes a missing copy of an older image on first request, once', async () => {
    const image = await png(1000, 500);
    const name = 'abcdefghijklmnopqrstuvwxyz234567';
    // As an install from before copies were made at upload left it: the image and its row only.
    await t.deps.storage.put(name, image, 'image/png');
    await t.deps.db
      .insert(uploads)
      .values({ name, contentType: 'image/png', size: image.length, width: 1000, height: 500 });
    const first = await t.app.inject({ method: 'GET', url: `/objects/uploads/${name}?w=640` });
    expect(first.statusCode).toBe(200);
    expect((await sharp(first.rawPayload).metadata()).width).toBe(640);
    expect(await t.deps.storage.head(`.variants/${name}-640.webp`)).not.toBeNull();
  });

  it('backs up every object and restores them, removing those added since', async () => {
    const { name } = await upload(await png(120, 80));
    const before = await storedKeys(t);
    const archive = path.join(work, 'backup.tar.gz');
    await writeBackupArchive(t.deps.db, t.deps.storage, archive, BACKED_UP);
    await t.deps.storage.delete(name);
    await t.deps.storage.put('added-later', Buffer.from('x'), 'image/png');
    await restoreBackupArchive(t.deps.db, t.deps.storage, archive, BACKED_UP);
    expect(await storedKeys(t)).toEqual(before);
    const served = await t.app.inject({ method: 'GET', url: `/objects/uploads/${name}` });
    expect(served.statusCode).toBe(200);
  });

  it('reports the bucket in readiness, when there is one', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual(
      kind === 's3'
        ? { status: 'ready', database: 'up', storage: 'up' }
        : { status: 'ready', database: 'up' },
    );
    if (!s3) return;
    await s3.stop();
    s3 = undefined;
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'up', storage: 'down' });
  });
});
