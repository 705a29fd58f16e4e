import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnApp } from '../helpers/app-process';
import { freePort, waitUntilUp } from '../helpers/net';

// One app process of a multi-instance test: the server from source on a shared PostgreSQL database,
// in its own data folder (removed when it exits), started and, by the tests, killed with SIGKILL.

export interface Instance {
  base: string;
  port: number;
  child: ChildProcess;
  exited: Promise<unknown>;
}

export interface InstanceOptions {
  databaseUrl: string;
  admin: { email: string; password: string; name: string };
  /** The port to listen on (a restarted instance keeps its own); a free one when left out. */
  port?: number;
  env?: Record<string, string>;
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-multi-'));
  const base = `http://127.0.0.1:${port}`;
  const { child } = spawnApp({
    from: 'source',
    port,
    dataDir,
    env: {
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '100',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      ADMIN_NAME: options.admin.name,
      ...options.env,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (!(await waitUntilUp(`${base}/api/health`, 120_000, () => child.exitCode === null)))
    throw new Error(`the instance on port ${port} did not start`);
  return { base, port, child, exited };
}

/** Kills every instance still running and waits for all of them to have exited. */
export async function stopInstances(instances: Instance[]): Promise<void> {
  for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
  await Promise.all(instances.map((i) => i.exited));
}
