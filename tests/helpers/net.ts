import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, serverNodeArgs } from '../../scripts/server-node-args.mjs';

/** A TCP port that is free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls GET url until it answers 2xx; false when it never does within the time given. */
export async function waitUntilUp(
  url: string,
  timeoutMs = 120_000,
  isAlive: () => boolean = () => true,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && isAlive()) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** SIGTERM, wait for the exit, remove the data folder. */
  stop(): Promise<void>;
}

/**
 * The built server (dist/server/main.js) as `npm start` runs it, with its Node arguments and
 * environment, on 127.0.0.1:`port` with the data folder given; not waited for.
 */
export function spawnBuiltServer(
  port: number,
  dataDir: string,
  env: Record<string, string | undefined> = {},
  stdio: 'pipe' | 'ignore' = 'ignore',
): ChildProcess {
  const url = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...SERVER_ENV,
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    ...env,
  };
  return spawn(process.execPath, [...serverNodeArgs(childEnv), 'dist/server/main.js'], {
    env: childEnv,
    stdio: ['ignore', stdio, stdio === 'pipe' ? 'pipe' : 'inherit'],
  });
}

/**
 * Starts the built server (dist/server/main.js, as `npm start` runs it) on a free port of
 * 127.0.0.1 with a fresh data folder, for the scripts that measure it.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-built-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawnBuiltServer(port, dataDir, env);
  if (!(await waitUntilUp(`${url}/api/health`, 60_000, () => child.exitCode === null))) {
    child.kill('SIGKILL');
    throw new Error('the built server did not start (run npm run build first)');
  }
  return {
    url,
    child,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the server from source (src/server/main.ts) on 127.0.0.1:`port` with the data folder
 * given, silent and without DATABASE_URL, for the tests that kill it and start it again on the
 * same folder; resolves once it answers /api/health.
 */
export async function startSourceServer(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  };
  delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: full,
    stdio: 'ignore',
  });
  if (await waitUntilUp(`http://127.0.0.1:${port}/api/health`, 120_000)) return child;
  throw new Error('server did not start');
}
