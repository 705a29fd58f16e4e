import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { uploadThroughLink } from '../helpers/uploads';

// Uploaded images are also served at smaller widths, as WebP, so a page fetches the size it shows.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await signedInAdmin(t, {
    name: 'Ivy Admin',
    email: 'ivy@example.co.uk',
    password: 'Meadow-Harbour-Copper-3',
  }));
});
afterAll(async () => {
  await t.close();
});

async function upload(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
  const { put, name } = await uploadThroughLink(t.app, { authorization: `Bearer ${token}` }, png);
  expect(put.statusCode).toBe(200);
  // Where the image is served: /objects/uploads/ and the last segment of uploadURL.
  return `/objects/uploads/${name}`;
}

describe('image widths', () => {
  it('serves a 640-pixel WebP copy of a large upload, and the original without w', async () => {
    const path = await upload(2000, 1000);
    const small = await t.app.inject({ method: 'GET', url: `${path}?w=640` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    const meta = await sharp(small.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(320);
    // Made once, then served from disk: the same bytes again.
    const again = await t.app.inject({ method: 'GET', url: `${path}?w=640` });
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);

    const original = await t.app.inject({ method: 'GET', url: path });
    expect(original.headers['content-type']).toBe('image/png');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(2000);
  });

  it('serves a small image as it is, and refuses a width it does not offer', async () => {
    const path = await upload(500, 300);
    const res = await t.app.inject({ method: 'GET', url: `${path}?w=1280` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const bad = await t.app.inject({ method: 'GET', url: `${path}?w=123` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/w must be one of/);
  });

  it('gives uploaded images in a post their size and lazy loading', async () => {
    const path = await upload(1600, 900);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        title: 'Pictures from the fete',
        content: `<p>Photos:</p><img src="${path}" alt="The tombola">`,
      },
    });
    expect(res.statusCode).toBe(200);
    const content = res.json().content as string;
    expect(content).toContain(
      `<img src="${path}" alt="The tombola" loading="lazy" width="1600" height="900" />`,
    );
  });
});

/** A real 1-bit greyscale PNG of any size, built by hand: sharp would need the pixels in memory. */
function plainPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const row = Math.ceil(width / 8) + 1; // filter byte, then the bits
  const pixels = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function put(body: Buffer): Promise<{
  status: number;
  json: { message?: string; objectPath?: string; width?: number; height?: number };
  name: string;
}> {
  const { put: res, name } = await uploadThroughLink(t.app, { authorization: `Bearer ${token}` }, body);
  return { status: res.statusCode, json: res.json(), name };
}

describe('image size limits (issue 13.7)', () => {
  it('refuses an image of more than 40 megapixels before decoding it, the 2,400 x 60,000 PNG included, and stores nothing', async () => {
    for (const [w, h] of [
      [2400, 60_000],
      [8000, 6000],
    ] as const) {
      const png = plainPng(w, h);
      expect(png.length).toBeLessThan(2 * 1024 * 1024);
      const res = await put(png);
      expect(res.status, `${w} x ${h}`).toBe(413);
      expect(res.json.message).toMatch(/at most 40 megapixels/);
      expect(fs.existsSync(path.join(t.config.uploadsDir, res.name))).toBe(false);
    }
  });

  it('scales a tall image to fit 2,400 x 4,800 and makes every smaller width at upload, before any request', async () => {
    const res = await put(plainPng(1200, 6000));
    expect(res.status).toBe(200);
    expect([res.json.width, res.json.height]).toEqual([960, 4800]);
    const variants = path.join(t.config.uploadsDir, '.variants');
    const made = fs
      .readdirSync(variants)
      .filter((f) => f.startsWith(res.name))
      .sort();
    expect(made).toEqual([`${res.name}-320.webp`, `${res.name}-640.webp`]);
    // A visitor's ?w= is the file made at upload, served as it is: not made again on request.
    const before = fs.statSync(path.join(variants, `${res.name}-640.webp`));
    const served = await t.app.inject({ method: 'GET', url: `${res.json.objectPath}?w=640` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(fs.readFileSync(path.join(variants, `${res.name}-640.webp`)))).toBe(true);
    expect(fs.statSync(path.join(variants, `${res.name}-640.webp`)).mtimeMs).toBe(before.mtimeMs);
    // Wider than the image: the stored image itself.
    const wide = await t.app.inject({ method: 'GET', url: `${res.json.objectPath}?w=1280` });
    expect(wide.headers['content-type']).toBe('image/png');
  });
});
