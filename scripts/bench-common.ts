// What the bench's two scripts share: the built server as `npm start` ships it, the workshop
// reservation they post, and a process's resident memory from /proc.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { startApp, type AppProcess } from '../tests/helpers/app-process';

/**
 * The log level `npm start` ships with (the config's default, or LOG_LEVEL when the operator sets
 * one): the built server for tests runs at 'warn', but the bench measures what users run.
 */
export const SHIPPED_LOG_LEVEL = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: os.tmpdir(),
  LOG_LEVEL: process.env.LOG_LEVEL,
}).LOG_LEVEL;

/**
 * The built server with npm start's Node arguments, environment and log level (the tests' helper
 * runs it at 'warn'; here the shipped level always wins over that default). Only the rate limits are
 * raised: the bench sends thousands of requests from one address, which real limits would stop.
 */
export function startShippedServer(
  env: Record<string, string> = {},
  options: { output?: 'keep' | 'ignore' } = {},
): Promise<AppProcess> {
  return startApp({
    env: { RATE_LIMIT_MULTIPLIER: '1000000', ...env, LOG_LEVEL: SHIPPED_LOG_LEVEL },
    output: options.output,
  });
}

/** What scripts/bench-autocannon.mjs prints: the part of autocannon's result the bench reads. */
export interface AutocannonReport {
  requests: { average: number; total: number };
  throughput: { total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export const RESERVATION = JSON.stringify({
  name: 'Load Test',
  email: 'load.test@example.co.uk',
  subject: '',
  message: 'A message sent by npm run bench.',
  type: 'workshop_reservation',
});

/** Resident memory of a process, from /proc (MB): now, and the peak since it started. */
export function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

const generator = path.resolve(import.meta.dirname, 'bench-autocannon.mjs');

/** Runs autocannon in its own process (scripts/bench-autocannon.mjs) and resolves with its report. */
export function autocannonApart<Report extends AutocannonReport>(
  options: Record<string, unknown>,
): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [generator, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      resolve(JSON.parse(out) as Report);
    });
  });
}

/** CPU seconds (user and system, all threads) of a process, and of its children when asked (USER_HZ 100). */
export function cpuSeconds(pid: number, withChildren = false): number {
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) };
  };
  let total = ticks(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).cpu;
  if (withChildren)
    for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
      try {
        const t = ticks(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
        if (t.ppid === pid) total += t.cpu;
      } catch {
        // gone meanwhile
      }
    }
  return total / 100;
}
