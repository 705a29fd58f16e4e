import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { contactMessages } from '../../src/server/db/schema';
import { getChallenge } from '../helpers/challenge';
import { freePort, waitUntilUp } from '../helpers/net';

// SIGTERM while requests are running: every request the server accepted is answered and stored,
// and the process exits cleanly.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('graceful shutdown', () => {
  it('finishes in-flight requests on SIGTERM and loses nothing it accepted', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
      NODE_ENV: 'test',
    };
    delete env.DATABASE_URL;
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    const up = await waitUntilUp(`${base}/api/health`, 120_000);
    expect(up).toBe(true);

    // The math question of each enquiry (issue 13.5), answered before the load starts.
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

    expect(await exited, output.slice(-3000)).toBe(0);
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
  });
});
