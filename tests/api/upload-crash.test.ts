import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from '../helpers/app-process';
import { freePort } from '../helpers/net';
import { scaled } from '../helpers/timeouts';

// The server process is killed (SIGKILL, no chance to tidy up) in the middle of an upload: after a
// restart the half-sent image is not served, and nothing partial sits where images are served from.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-upload-crash-'));
let server: ChildProcess | null = null;
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ChildProcess> {
  const app = await startApp({
    from: 'source',
    port,
    dataDir,
    env: {
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'crash@example.co.uk',
      ADMIN_PASSWORD: 'Heron-Willow-Tinder-77',
      ADMIN_NAME: 'Crash Test',
    },
  });
  return app.child;
}

/** A valid PNG header followed by filler, so the upload looks like an image while it streams. */
function pngLike(size: number): Buffer {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000003e8000003e80806000000', 'hex');
  return Buffer.concat([png, Buffer.alloc(size - png.length, 7)]);
}

describe('killing the app during an upload', () => {
  it('never serves a partial file', { timeout: scaled(240_000) }, async () => {
    const port = await freePort();
    server = await start(port);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.co.uk', password: 'Heron-Willow-Tinder-77' }),
    });
    expect(login.status).toBe(200);
    const { authToken } = (await login.json()) as { authToken: string };
    const ticket = await fetch(`${base}/api/objects/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${authToken}` },
    });
    expect(ticket.status).toBe(200);
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    const name = new URL(uploadURL).pathname.split('/').pop()!;

    // Send half of a 3 MB image, then kill the server while it waits for the rest.
    const body = pngLike(3 * 1024 * 1024);
    const url = new URL(uploadURL);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'content-length': body.length },
    });
    req.on('error', () => {});
    req.write(body.subarray(0, body.length / 2));
    await new Promise((r) => setTimeout(r, 1500));
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
    req.destroy();
    // The half-received bytes are on disk, in the temporary folder only.
    const incoming = path.join(dataDir, 'uploads', '.incoming');
    expect(fs.readdirSync(incoming).length).toBe(1);

    server = await start(port);
    const served = await fetch(`${base}/objects/uploads/${name}`);
    expect(served.status).toBe(404);
    // Nothing partial where images are served from.
    const visible = fs.readdirSync(path.join(dataDir, 'uploads')).filter((f) => !f.startsWith('.'));
    expect(visible).toEqual([]);
    // ...and a restart clears what the killed process left behind.
    expect(fs.readdirSync(incoming)).toEqual([]);
    server.kill('SIGTERM');
  });
});
