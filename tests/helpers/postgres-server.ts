import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net';

// A private PostgreSQL server for tests that must stop and start one (faults, benchmarks). It uses
// Debian's server binaries (apt-get install postgresql; .ci/run installs them). As root the server
// runs as the postgres user, which the package creates.

export function findPostgresBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL server binaries not found: apt-get install postgresql, or set PG_BIN');
}

export interface PostgresServer {
  url: string;
  port: number;
  start(): void;
  stop(mode?: 'fast' | 'immediate'): void;
  destroy(): void;
}

export async function createPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  fs.chmodSync(dir, 0o777);
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    execFileSync(asRoot ? 'runuser' : full, asRoot ? ['-u', 'postgres', '--', full, ...args] : args, {
      stdio: 'ignore',
      cwd: dir,
    });
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const server: PostgresServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        '-l',
        path.join(dir, 'log'),
        '-w',
        'start',
      ]);
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    destroy() {
      try {
        server.stop('immediate');
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
