import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { spawnApp } from '../helpers/app-process';
import { getChallenge } from '../helpers/challenge';
import { freePort, waitUntilUp } from '../helpers/net';
import { scaled } from '../helpers/timeouts';

// SIGTERM while requests are running: every request the server accepted is answered and stored,
// and the process exits cleanly.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The server from source on a data folder of its own, with what it prints kept. */
function startServer(dir: string, port: number, extraEnv: NodeJS.ProcessEnv = {}) {
  const app = spawnApp({ from: 'source', port, dataDir: dir, env: extraEnv, output: 'keep' });
  return { child: app.child, exited: app.exited, output: app.log };
}

// PGlite's initdb in a child process: the template unpacks too fast to be interrupted on cue.
const INITDB = { PGLITE_INITDB: 'true' };

describe('graceful shutdown', () => {
  it(
    'finishes in-flight requests on SIGTERM and loses nothing it accepted',
    { timeout: scaled(240_000) },
    async () => {
      const port = await freePort();
      const {
        child: server,
        exited,
        output: log,
      } = startServer(dataDir, port, { RATE_LIMIT_MULTIPLIER: '1000' });
      const base = `http://127.0.0.1:${port}`;
      const up = await waitUntilUp(`${base}/api/health`, 120_000);
      expect(up).toBe(true);

      // The math question of each enquiry, answered before the load starts.
      const challenges = await Promise.all(Array.from({ length: 50 }, () => getChallenge(base)));
      // Messages 0-39 first, then 100-109 while shutting down: each has its own question.
      const challengeFor = (i: number) => challenges[i < 100 ? i : 40 + (i - 100)]!;
      const send = (i: number) =>
        fetch(`${base}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Load ${i}`,
            email: `load${i}@example.co.uk`,
            subject: '',
            message: `Message number ${i}`,
            type: 'advertising',
            challenge: challengeFor(i).challenge,
            answer: challengeFor(i).a + challengeFor(i).b,
          }),
        }).then(
          (res) => res.status,
          () => 'refused' as const,
        );

      const first = Array.from({ length: 40 }, (_, i) => send(i));
      await new Promise((r) => setTimeout(r, 30));
      server.kill('SIGTERM');
      const late = Array.from({ length: 10 }, (_, i) => send(100 + i));
      const statuses = await Promise.all([...first, ...late]);

      expect(await exited, log().slice(-3000)).toBe(0);
      // Every answer is a success, or a refusal of a request that was never accepted (a refused
      // connection, or 503 on a kept-alive connection once closing began): nothing half-done.
      for (const s of statuses) expect([200, 503, 'refused']).toContain(s);
      const accepted = statuses.filter((s) => s === 200).length;
      expect(accepted).toBeGreaterThan(0);

      const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await db.db.select().from(contactMessages);
        expect(rows).toHaveLength(accepted);
      } finally {
        await db.close();
      }
    },
  );
});

// The handlers are installed before anything else, so a signal during the first start
// (while the database is being made) stops it cleanly, and the folder starts next time.
describe('signals at any moment (issue 22.3)', () => {
  it(
    'SIGTERM while the database is being made exits 0, leaves nothing half-made, and the next start works',
    { timeout: scaled(240_000) },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-start-signal-'));
      try {
        const port = await freePort();
        const first = startServer(dir, port, INITDB);
        await expect
          .poll(() => fs.existsSync(path.join(dir, 'pglite.creating', 'PG_VERSION')), {
            timeout: scaled(60_000),
            interval: 10,
          })
          .toBe(true);
        first.child.kill('SIGTERM');
        expect(await first.exited, first.output()).toBe(0);
        expect(first.output()).toContain('SIGTERM during start-up: stopping');
        expect(fs.readdirSync(dir).filter((f) => f.startsWith('pglite'))).toEqual([]);

        const second = startServer(dir, port, INITDB);
        try {
          expect(await waitUntilUp(`http://127.0.0.1:${port}/readyz`, 120_000), second.output()).toBe(true);
        } finally {
          second.child.kill('SIGTERM');
          expect(await second.exited).toBe(0);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'a second signal exits at once, without waiting for requests in flight',
    { timeout: scaled(240_000) },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-start-signal-'));
      const port = await freePort();
      const server = startServer(dir, port, { LOG_LEVEL: 'info' });
      const socket = new net.Socket();
      try {
        expect(await waitUntilUp(`http://127.0.0.1:${port}/readyz`, 120_000), server.output()).toBe(true);
        // A request whose body never finishes: the first signal waits for it (up to 20 s).
        await new Promise<void>((resolve, reject) =>
          socket.connect(port, '127.0.0.1', resolve).once('error', reject),
        );
        socket.write(
          'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
        );
        await new Promise((r) => setTimeout(r, 300));
        server.child.kill('SIGTERM');
        await expect
          .poll(() => server.output(), { timeout: scaled(10_000), interval: 20 })
          .toContain('shutting down: finishing in-flight requests');
        const second = Date.now();
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(1);
        // Well before the 20 s the first signal would wait for the unfinished request.
        expect(Date.now() - second).toBeLessThan(10_000);
        expect(server.output()).toContain('SIGTERM again: exiting now');
      } finally {
        socket.destroy();
        server.child.kill('SIGKILL');
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
