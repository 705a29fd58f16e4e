import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, serverNodeArgs } from '../../scripts/server-node-args.mjs';
import { freePort, waitUntilUp } from './net';

// The tests' one way to run the app as a process of its own (the in-process way is app.ts), for the
// tests that kill it, start it again on the same folder, run two at once or measure it: the built
// server as `npm start` runs it, or the source through tsx for the API tests, which run before the
// server is built. Each process has its own embedded database unless the test gives DATABASE_URL.

export interface AppProcessOptions {
  /** 'built' (the default): dist/server/main.js; 'source': src/server/main.ts through tsx. */
  from?: 'built' | 'source';
  /** A free port of 127.0.0.1 when left out (startApp). */
  port?: number;
  /** The data folder; a fresh one, which stop() removes, when left out. */
  dataDir?: string;
  /** Over the defaults (NODE_ENV production when built, test from source; LOG_LEVEL warn). */
  env?: NodeJS.ProcessEnv;
  /** Node's own arguments; for the built server, npm start's by default. */
  nodeArgs?: string[];
  /** 'keep': what it prints is kept for log() (its last 20,000 characters); 'ignore' by default. */
  output?: 'keep' | 'ignore';
}

export interface AppProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** What it has printed so far ('' unless started with output 'keep'). */
  log(): string;
  /** SIGTERM, waits for the exit, and removes the data folder if it was made here. */
  stop(): Promise<void>;
}

/** Starts the app as a process on the port given; not waited for (see startApp). */
export function spawnApp(options: AppProcessOptions & { port: number }): AppProcess {
  const { port } = options;
  const ownFolder = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-app-'));
  const url = `http://127.0.0.1:${port}`;
  const built = (options.from ?? 'built') === 'built';
  const env: NodeJS.ProcessEnv = {
    ...(built ? SERVER_ENV : {}),
    ...process.env,
    // A database of its own (the data folder's), unless the test gives one.
    DATABASE_URL: undefined,
    NODE_ENV: built ? 'production' : 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const args = built
    ? [...(options.nodeArgs ?? serverNodeArgs(env)), 'dist/server/main.js']
    : [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts'];
  const keep = options.output === 'keep';
  const child = spawn(process.execPath, args, {
    env,
    stdio: ['ignore', keep ? 'pipe' : 'ignore', keep ? 'pipe' : 'ignore'],
  });
  let output = '';
  const kept = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout?.on('data', kept);
  child.stderr?.on('data', kept);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url,
    port,
    dataDir,
    child,
    exited,
    log: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (ownFolder) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the app as a process and waits until `readyPath` answers 2xx; fails with what it printed. */
export async function startApp(
  options: AppProcessOptions & { readyPath?: string; timeoutMs?: number } = {},
): Promise<AppProcess> {
  const app = spawnApp({ ...options, port: options.port ?? (await freePort()) });
  const up = await waitUntilUp(
    `${app.url}${options.readyPath ?? '/api/health'}`,
    options.timeoutMs ?? 120_000,
    () => app.child.exitCode === null,
  );
  if (up) return app;
  app.child.kill('SIGKILL');
  throw new Error(
    `the app (${options.from ?? 'built'}) did not start${options.from === 'source' ? '' : ' (run npm run build first)'}\n${app.log()}`,
  );
}
