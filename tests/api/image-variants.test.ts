import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createSession } from '../../src/server/services/auth';
import { buildTestApp, type TestApp } from '../helpers/app';

// Uploaded images are also served at smaller widths, as WebP, so a page fetches the size it shows.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t.deps, { name: 'Ivy Admin', email: 'ivy@example.co.uk', password: 'Meadow-Harbour-Copper-3' });
  token = (await createSession(t.deps, admin.id)).token;
});
afterAll(async () => {
  await t.close();
});

async function upload(width: number, height: number): Promise<string> {
  const ticket = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { authorization: `Bearer ${token}` } });
  const url = new URL(ticket.json().uploadURL as string);
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
  const put = await t.app.inject({ method: 'PUT', url: url.pathname + url.search, headers: { 'content-type': 'image/png' }, payload: png });
  expect(put.statusCode).toBe(200);
  // Where the image is served: /objects/uploads/ and the last segment of uploadURL (SPEC section 7).
  return `/objects/uploads/${url.pathname.split('/').pop()}`;
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
      payload: { title: 'Pictures from the fete', content: `<p>Photos:</p><img src="${path}" alt="The tombola">` },
    });
    expect(res.statusCode).toBe(200);
    const content = res.json().content as string;
    expect(content).toContain(`<img src="${path}" alt="The tombola" loading="lazy" width="1600" height="900" />`);
  });
});
