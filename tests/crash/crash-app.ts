import type { ChildProcess } from 'node:child_process';
import { spawnApp } from '../helpers/app-process';

/** A built app that a crash test kills mid-write, as the test sees it. */
export interface CrashApp {
  child: ChildProcess;
  base: string;
  log: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the built app for a crash test (not waited for): its output kept for the failure message,
 * rate limits out of the way, signed-in admin `admin`, and killed at the end through `cleanups`.
 */
export function spawnCrashApp(
  dataDir: string,
  port: number,
  admin: { email: string; password: string; name: string },
  cleanups: Array<() => void>,
  env: NodeJS.ProcessEnv = {},
): CrashApp {
  const app = spawnApp({
    port,
    dataDir,
    output: 'keep',
    // Node's default heap: these runs kill the server mid-write; the heap is beacon-load's concern.
    nodeArgs: [],
    env: {
      RATE_LIMIT_MULTIPLIER: '10000',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_NAME: admin.name,
      ...env,
    },
  });
  cleanups.push(() => {
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
  });
  return { child: app.child, base: app.url, log: app.log, exited: app.exited };
}
