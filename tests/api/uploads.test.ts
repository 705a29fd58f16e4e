import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uploads, uploadTickets } from '../../src/server/domains/uploads/tables';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { scaled } from '../helpers/timeouts';

let t: TestApp;
let auth: { authorization: string };
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t, {
    name: 'Uma Uploader',
    email: 'uma@hertslocalmedia.co.uk',
    password: 'Greensand-Ridge-Walk-4',
  }));
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b3122e' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

/** Sends bytes to an upload link, declared as a PNG unless told otherwise. */
function putImage(url: string, payload: string | Buffer = png, contentType = 'image/png') {
  return t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload });
}

/** POST /api/objects/upload exactly as the specification sends it: no body, no content type. */
async function uploadUrl(): Promise<{ uploadURL: string; path: string; objectPath: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: auth });
  expect(res.statusCode).toBe(200);
  const { uploadURL, objectPath } = res.json();
  const url = new URL(uploadURL);
  return { uploadURL, path: url.pathname + url.search, objectPath };
}

function storedFiles(): string[] {
  const dir = t.config.uploadsDir;
  if (!fs.existsSync(dir)) return [];
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  return walk(dir);
}

async function expectNothingStored(objectPath: string, filesBefore: string[]) {
  expect(storedFiles()).toEqual(filesBefore);
  const served = await t.app.inject({ method: 'GET', url: objectPath });
  expect(served.statusCode).toBe(404);
  const rows = await t.deps.db.select().from(uploads);
  expect(rows.some((r) => objectPath.endsWith(r.name))).toBe(false);
}

describe('POST /api/objects/upload and PUT {uploadURL}', () => {
  it('gives a signed URL whose last segment is where the image is then served', async () => {
    const { uploadURL, path: target, objectPath } = await uploadUrl();
    // Under /api, the document's server, so a client generated from openapi.json reaches it.
    expect(uploadURL).toMatch(
      /^http:\/\/localhost:\d+\/api\/objects\/uploads\/[a-z2-7]{32}\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(objectPath).toBe(`/objects/uploads/${new URL(uploadURL).pathname.split('/').pop()}`);

    // The declared type and the name say nothing: the bytes decide.
    const put = await putImage(target, png, 'application/octet-stream');
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      objectPath,
      contentType: 'image/png',
      size: png.length,
      width: 40,
      height: 30,
    });

    const served = await t.app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('accepts JPEG, GIF and WebP too', async () => {
    const base = sharp({ create: { width: 20, height: 20, channels: 3, background: '#1d4ed8' } });
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
    ] as const) {
      const file = await base.clone().toFormat(format).toBuffer();
      const { path: target, objectPath } = await uploadUrl();
      const put = await putImage(target, file, type);
      expect(put.statusCode, format).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: objectPath })).headers['content-type']).toBe(type);
    }
  });

  it('is single-use, and refuses a changed signature or an expired link', async () => {
    const first = await uploadUrl();
    expect((await putImage(first.path)).statusCode).toBe(200);
    const again = await putImage(first.path);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/invalid, has expired or has already been used/);

    const second = await uploadUrl();
    const tampered = second.path.replace(
      /signature=([0-9a-f])/,
      (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`,
    );
    expect((await putImage(tampered)).statusCode).toBe(403);
    const longer = second.path.replace(
      /expires=(\d+)/,
      (_m, n: string) => `expires=${Number(n) + 3_600_000}`,
    );
    expect((await putImage(longer)).statusCode).toBe(403);

    t.setNow(new Date(Date.now() + 16 * 60 * 1000));
    try {
      const late = await putImage(second.path);
      expect(late.statusCode).toBe(403);
    } finally {
      t.setNow(new Date());
    }
    await expectNothingStored(second.objectPath, storedFiles());
  });

  it('refuses a renamed non-image with 415 and stores nothing', async () => {
    const before = storedFiles();
    const { path: target, objectPath } = await uploadUrl();
    const text = Buffer.from(
      'This is a price list, saved as price-list.png to get past the form.\n'.repeat(20),
    );
    const res = await putImage(target, text);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/^Invalid file type/);
    await expectNothingStored(objectPath, before);

    // A file with a PNG signature that is not really a PNG fails the same way.
    const fake = await uploadUrl();
    const forged = Buffer.concat([png.subarray(0, 16), Buffer.alloc(2000, 7)]);
    const res2 = await putImage(fake.path, forged);
    expect(res2.statusCode).toBe(415);
    await expectNothingStored(fake.objectPath, before);
  });

  it('refuses a 6 MB file with 413, whether or not its length is declared, and stores nothing', async () => {
    const before = storedFiles();
    // A real JPEG header followed by 6 MB: too large whatever it is.
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const declared = await uploadUrl();
    const res = await putImage(declared.path, big, 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File too large. Please select a file smaller than 5MB.');
    await expectNothingStored(declared.objectPath, before);

    // Streamed without a Content-Length: cut off as soon as it passes the limit.
    const streamed = await uploadUrl();
    const chunks = Array.from({ length: 96 }, (_, i) =>
      i === 0 ? big.subarray(0, 65536) : Buffer.alloc(65536, 2),
    );
    const res2 = await t.app.inject({
      method: 'PUT',
      url: streamed.path,
      headers: { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    });
    expect(res2.statusCode).toBe(413);
    await expectNothingStored(streamed.objectPath, before);
  });

  it('leaves nothing behind when the transfer breaks off halfway', async () => {
    const before = storedFiles();
    const { path: target, objectPath } = await uploadUrl();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `PUT ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: image/png\r\nContent-Length: ${png.length + 500_000}\r\n\r\n`,
        );
        socket.write(png);
        socket.write(Buffer.alloc(100_000, 3));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
      socket.on('error', reject);
    });
    // The server notices the broken connection and cleans up.
    const ticketUsed = async () =>
      (
        await t.deps.db
          .select()
          .from(uploadTickets)
          .where(eq(uploadTickets.id, objectPath.split('/').pop()!))
      )[0]?.usedAt;
    // Up to 5 s on a quiet machine; stretched where the CPU is shared (CI runs this beside the
    // browser tests, at a low priority).
    const deadline = Date.now() + scaled(5_000);
    while (Date.now() < deadline && (!(await ticketUsed()) || storedFiles().length !== before.length)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await ticketUsed()).toBeTruthy();
    await expectNothingStored(objectPath, before);
    // The link was used up by the broken attempt; a new one works.
    const next = await uploadUrl();
    expect((await putImage(next.path)).statusCode).toBe(200);
  });

  it('accepts a multipart form upload at the same URL', async () => {
    const { path: target, objectPath } = await uploadUrl();
    const boundary = '----hlmBoundary7MA4YWxkTrZu0gW';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shop.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: target,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ objectPath, contentType: 'image/png' });
    expect((await t.app.inject({ method: 'GET', url: objectPath })).rawPayload.equals(png)).toBe(true);

    const big = await uploadUrl();
    const bigBody = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(6 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: big.path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: bigBody,
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('scales very wide images down to 2400 pixels', async () => {
    const wide = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#15803d' } })
      .jpeg()
      .toBuffer();
    const { path: target, objectPath } = await uploadUrl();
    const res = await putImage(target, wide, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 2400, height: 750 });
    const served = await t.app.inject({ method: 'GET', url: objectPath });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(2400);
  });

  it('refuses an empty PUT without using the link up', async () => {
    const { path: target, objectPath } = await uploadUrl();
    const empty = await t.app.inject({ method: 'PUT', url: target });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/No file was sent/);
    const put = await putImage(target);
    expect(put.statusCode).toBe(200);
    expect(put.json().objectPath).toBe(objectPath);
  });

  it('answers 404 for an unknown image', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/objects/uploads/abcdefghijklmnopqrstuvwxyz234567',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });
});
