// One process at a time owns the embedded database's folder. PGlite has no postmaster
// lock: a second process opening the same folder (a backup, a restore, another `npm start`) replays
// the log and checkpoints under the feet of the first. So the owner listens on a Unix socket in the
// data folder; whoever finds it answering asks the owner instead (a backup is written by the running
// site, from one consistent snapshot) or stops with a plain message. A socket left by a killed
// process answers nothing and is taken over.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from './client';

export interface ControlRequest {
  command: 'who' | 'backup';
  /** backup: the archive to write (absolute). */
  file?: string;
}

export interface ControlAnswer {
  ok: boolean;
  /** who: what owns the folder, e.g. 'the site (pid 123)'. */
  owner?: string;
  /** backup: a line for the operator. */
  message?: string;
  error?: string;
}

export type ControlHandler = (request: ControlRequest) => Promise<ControlAnswer>;

export class DataFolderInUse extends Error {
  override name = 'DataFolderInUse';
}

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

/** Sends one request to the folder's owner; null when nobody answers (no owner, or a stale socket). */
export function askOwner(dataDir: string, request: ControlRequest, timeoutMs = 600_000): Promise<ControlAnswer | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    let data = '';
    let connected = false;
    const socket = net.connect(socketPath);
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timeout')));
    socket.on('connect', () => {
      connected = true;
      socket.end(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (d: Buffer) => (data += d.toString()));
    socket.on('error', () => resolve(connected ? { ok: false, error: 'the owner of the data folder stopped answering' } : null));
    socket.on('close', () => {
      if (!connected) return resolve(null);
      try {
        resolve(JSON.parse(data) as ControlAnswer);
      } catch {
        resolve({ ok: false, error: 'the owner of the data folder gave no answer' });
      }
    });
  });
}

export interface FolderLock {
  /** Sets what requests are answered with (until set: 'who' only). */
  handle(handler: ControlHandler): void;
  release(): Promise<void>;
}

/**
 * Takes the data folder for this process, or throws DataFolderInUse naming the process that has it.
 * `owner` is how others see this process ('the site', 'npm run restore').
 */
export async function lockDataFolder(dataDir: string, owner: string): Promise<FolderLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const socketPath = controlSocketPath(dataDir);
  const self = `${owner} (pid ${process.pid})`;
  const existing = await askOwner(dataDir, { command: 'who' }, 5000);
  if (existing) {
    throw new DataFolderInUse(
      `The data folder ${dataDir} is in use by ${existing.owner ?? 'another process'}. Stop it first, or wait for it to finish.`,
    );
  }
  fs.rmSync(socketPath, { force: true }); // left by a process that was killed
  let handler: ControlHandler | null = null;
  // Half-open: the asker ends its side after the request; the answer comes when the work is done.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let data = '';
    socket.on('error', () => {});
    socket.on('data', (d: Buffer) => {
      data += d.toString();
      if (data.length > 10_000) socket.destroy();
    });
    socket.on('end', () => {
      void (async () => {
        let answer: ControlAnswer;
        try {
          const request = JSON.parse(data) as ControlRequest;
          if (request.command === 'who') answer = { ok: true, owner: self };
          else if (!handler) answer = { ok: false, error: `${self} is still starting; try again in a moment` };
          else answer = await handler(request);
        } catch (error) {
          answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
        socket.end(JSON.stringify(answer));
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  server.unref();
  return {
    handle(next) {
      handler = next;
    },
    release() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The database for a command-line tool: on the embedded default the folder is taken first (so the
 * site cannot start under it, and the tool refuses while the site runs), and given back on close.
 */
export async function openDatabaseFor(
  command: string,
  config: { DATABASE_URL?: string; dataDir: string },
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openDatabase({ databaseUrl: config.DATABASE_URL });
  const lock = await lockDataFolder(config.dataDir, command);
  try {
    const db = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
    return {
      ...db,
      async close() {
        await db.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
