// Page-view beacons pipelined at the built app, as `npm start` runs it (its heap flags included),
// from its very first view: the process must stay up, answer every beacon 202 or 503 with
// Retry-After, and, killed with SIGKILL under the load and started again, have counted every
// beacon it answered 202 but for at most one batch (decision 0016: a crash loses at most one
// batch of views). Issue 44 found a process killed by its heap limit under this load after 15,000
// answers, none of them counted after the restart.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_BATCH } from '../../src/server/domains/analytics';
import { startBeaconLoad, type BeaconLoadResult } from '../helpers/beacon-load';
import { spawnApp as spawnAppProcess } from '../helpers/app-process';
import { freePort, waitUntilUp } from '../helpers/net';

const ADMIN = { email: 'beacon-load@example.co.uk', password: 'Heron-Willow-Tinder-78' };
const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const fn of cleanups.reverse()) fn();
});

interface App {
  child: ChildProcess;
  base: string;
  exited: Promise<string>;
  log: () => string;
}

function spawnApp(dataDir: string, port: number): App {
  const app = spawnAppProcess({
    port,
    dataDir,
    output: 'keep',
    env: {
      // One address sends every beacon here; the real limit would answer 429 after 300 a minute.
      RATE_LIMIT_MULTIPLIER: '1000000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: 'Beacon Load',
    },
  });
  const { child } = app;
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  return { child, base: app.url, exited, log: app.log };
}

async function startApp(dataDir: string, port: number): Promise<App> {
  const app = spawnApp(dataDir, port);
  if (!(await waitUntilUp(`${app.base}/readyz`, 120_000, () => app.child.exitCode === null)))
    throw new Error(`the app did not start:\n${app.log()}`);
  return app;
}

const running = (app: App) => app.child.exitCode === null && app.child.signalCode === null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Page views counted in the last 7 days, through the admin API. */
async function countedViews(base: string): Promise<number> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { authToken } = (await login.json()) as { authToken: string };
  const res = await fetch(`${base}/api/admin/analytics?period=7d`, {
    headers: { authorization: `Bearer ${authToken}` },
  });
  return ((await res.json()) as { totals: { pageViews: number } }).totals.pageViews;
}

function expectOnly202Or503WithRetryAfter(result: BeaconLoadResult) {
  expect(Object.keys(result.statuses).filter((s) => s !== '202' && s !== '503')).toEqual([]);
  expect(result.unavailableWithoutRetryAfter).toBe(0);
}

describe('page-view beacons pipelined at a process that has not counted a view yet', () => {
  it('keeps it up, answers 202 or 503 with Retry-After, and loses at most one batch to a kill', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-beacon-load-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const app = await startApp(dataDir, port);

    // The review's load: 5,000 a second, ten connections ten deep, from the first view on.
    const even = startBeaconLoad({ port, connections: 10, pipelining: 10, rate: 5000 });
    await sleep(4000);
    const first = await even.stop();
    expect(running(app), app.log()).toBe(true);
    expectOnly202Or503WithRetryAfter(first);
    expect(first.statuses[202]).toBeGreaterThan(0);

    // Then as fast as the process answers, fifty connections ten deep, and a kill after 10 s of it.
    const flood = startBeaconLoad({ port, connections: 50, pipelining: 10 });
    await sleep(10_000);
    expect(running(app), app.log()).toBe(true);
    app.child.kill('SIGKILL');
    expect(await app.exited).toBe('SIGKILL');
    const second = await flood.stop();
    expectOnly202Or503WithRetryAfter(second);

    const restarted = await startApp(dataDir, port);
    try {
      const accepted = (first.statuses[202] ?? 0) + (second.statuses[202] ?? 0);
      const counted = await countedViews(restarted.base);
      // Beacons in flight at the kill may have been counted without their 202 arriving.
      expect(counted).toBeLessThanOrEqual(first.sent + second.sent);
      expect(
        accepted - counted,
        `${accepted} answered 202 (${JSON.stringify(first.statuses)}, ${JSON.stringify(second.statuses)}), ${counted} counted`,
      ).toBeLessThanOrEqual(MAX_BATCH);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  });
});
