// The embedded database's data folder: made so that a kill at any moment leaves either no folder or a
// whole one, checked before it is opened, and read for how the last run ended.
//
// PGlite decides "the database exists" by PG_VERSION and, on a first start, makes the cluster in its
// WebAssembly memory and copies it into the folder file by file, PG_VERSION first: killed half way, the
// folder looked made and never started again ("Failed query: CREATE SCHEMA ..."; postgresql.conf and
// pg_hba.conf missing). Here a new cluster is made in `<dir>.creating`, flushed, and renamed into
// place; the rename is the moment the folder exists.
//
// Making a cluster in PGlite (its initdb, in WebAssembly) takes more memory than a small server has
// (docs/bench/2026-11-24-embedded-database-memory.md). So a new folder is unpacked from
// pglite-template.tar.gz, an empty cluster made once by `npm run db:template` with the PGlite version
// written beside it, which takes little memory to unpack. When the installed PGlite is another version than the template's, the cluster
// is made the slow way, in a child process whose memory goes back to the system when it exits.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';

/** A data folder that exists but cannot be used; the message says what is wrong and what to do. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

/** Start-up was stopped by a signal while the folder was being made. */
export class StartAbandoned extends Error {
  override name = 'StartAbandoned';
}

/** What a whole cluster has; PGlite's own check (PG_VERSION alone) passes on a half-copied one. */
const REQUIRED = ['PG_VERSION', 'postgresql.conf', 'pg_hba.conf', 'global/pg_control', 'base', 'pg_wal'];

// pg_control starts with system_identifier (8 bytes), pg_control_version and catalog_version_no (4
// each), then the cluster's state (DBState). DB_SHUTDOWNED is 1 and DB_SHUTDOWNED_IN_RECOVERY 2;
// anything else means the last run did not end with a shutdown checkpoint (killed, or the power went).
const STATE_OFFSET = 16;
const CLEAN_STATES = new Set([1, 2]);

export type FolderState = { kind: 'missing' } | { kind: 'ready'; uncleanStop: boolean };

function isEmptyDir(dir: string): boolean {
  return fs.readdirSync(dir).length === 0;
}

function advice(dir: string): string {
  return (
    `Move ${dir} aside (or remove it if it holds nothing you need): the next start makes a new, empty ` +
    'database, and `npm run restore -- <backup.tar.gz>` puts a backup back into it.'
  );
}

/** Reads the data folder without opening it: missing, or whole (and how the last run ended). */
export function inspectDataFolder(dir: string): FolderState {
  if (!fs.existsSync(dir) || isEmptyDir(dir)) return { kind: 'missing' };
  for (const entry of REQUIRED) {
    if (!fs.existsSync(path.join(dir, entry))) {
      throw new DataFolderError(
        `The database folder ${dir} is incomplete: ${entry} is missing. It was left by a start that was ` +
          `interrupted, or damaged since. ${advice(dir)}`,
      );
    }
  }
  const control = fs.readFileSync(path.join(dir, 'global', 'pg_control'));
  if (control.length < STATE_OFFSET + 4) {
    throw new DataFolderError(
      `The database folder ${dir} is damaged: global/pg_control is truncated. ${advice(dir)}`,
    );
  }
  return { kind: 'ready', uncleanStop: !CLEAN_STATES.has(control.readInt32LE(STATE_OFFSET)) };
}

/** Wraps a failure to open an existing folder in plain words (never a failed SQL statement). */
export function openFailure(dir: string, error: unknown): DataFolderError {
  const reason = error instanceof Error ? error.message : String(error);
  return new DataFolderError(`The database in ${dir} could not be opened (${reason}). ${advice(dir)}`);
}

function fsyncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** fsync of every file and folder under dir, the folders after their contents. */
export function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(full);
    else if (entry.isFile()) fsyncPath(full);
  }
  fsyncPath(dir);
}

// The child: PGlite makes the cluster in the folder it is given and closes it. CommonJS so that it
// needs no file of ours (the bundled server and the TypeScript sources run it alike). It stops when
// its parent dies (the IPC channel closes), so no orphan writes into a folder the next start remakes.
const CHILD = `
process.on('disconnect', () => process.exit(1));
const { PGlite } = require(process.argv[1]);
(async () => {
  const pg = new PGlite(process.argv[2]);
  await pg.waitReady;
  await pg.close();
  process.exit(0);
})().catch((error) => { console.error(error && error.stack ? error.stack : String(error)); process.exit(1); });
`;

export interface CreateOptions {
  /** Make the cluster with PGlite's initdb even when a template matches (npm run db:template, tests). */
  initdb?: boolean;
  /** Aborted by a signal: the child is killed, the half-made folder removed, StartAbandoned thrown. */
  signal?: AbortSignal;
}

/** A child of an earlier start that was killed (SIGKILL gives it no time to stop) is stopped first. */
async function stopOrphan(pidFile: string, creating: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8'));
  } catch {
    return;
  }
  const ours = () => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(creating);
    } catch {
      return false; // gone (or no /proc: nothing to find it by)
    }
  };
  if (Number.isInteger(pid) && pid > 0 && ours()) {
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && ours(); i++) await new Promise((r) => setTimeout(r, 50));
  }
  fs.rmSync(pidFile, { force: true });
}

function runChild(creating: string, pidFile: string, signal?: AbortSignal): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    let output = '';
    const onAbort = () => child.kill('SIGKILL');
    try {
      child = spawn(process.execPath, ['-e', CHILD, pglite, creating], {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (child.pid) fs.writeFileSync(pidFile, String(child.pid));
    child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', reject);
    child.once('exit', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(new StartAbandoned('start-up stopped while the database was being made'));
      else if (code === 0) resolve();
      else
        reject(
          new Error(`making the database failed (${killedBy ?? `exit code ${code}`}): ${output.trim()}`),
        );
    });
  });
}

/** The installed PGlite's version, which a template must have been made with. */
export function installedPgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export const TEMPLATE_FILE = 'pglite-template.tar.gz';

/** The committed empty cluster and the PGlite version it was made with (src or the bundled dist). */
export function findTemplate(): { file: string; pglite: string } | null {
  const candidates = [
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), TEMPLATE_FILE),
    path.resolve(process.cwd(), 'src/server/platform/db', TEMPLATE_FILE),
  ];
  const file = candidates.find((f) => fs.existsSync(f) && fs.existsSync(`${f}.json`));
  if (!file) return null;
  const { pglite } = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as { pglite: string };
  return { file, pglite };
}

/** How a new folder is made: from the template when it matches the installed PGlite. */
export function creationMethod(): 'template' | 'initdb' {
  const template = findTemplate();
  return template && template.pglite === installedPgliteVersion() ? 'template' : 'initdb';
}

/**
 * Makes a new cluster at dir: in `<dir>.creating` (a leftover from an earlier crash is removed first),
 * flushed file by file, renamed into place, and the parent folder flushed so the rename survives.
 */
export async function createDataFolder(dir: string, options: CreateOptions = {}): Promise<void> {
  const creating = `${dir}.creating`;
  const pidFile = `${creating}.pid`;
  await stopOrphan(pidFile, creating);
  fs.rmSync(creating, { recursive: true, force: true });
  if (fs.existsSync(dir)) fs.rmdirSync(dir); // empty (inspectDataFolder said "missing")
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    if (options.signal?.aborted) throw new StartAbandoned('start-up stopped before the database was made');
    const template = findTemplate();
    if (!options.initdb && template && template.pglite === installedPgliteVersion()) {
      fs.mkdirSync(creating, { mode: 0o700 });
      await tar.x({ file: template.file, cwd: creating, strict: true });
      if (options.signal?.aborted)
        throw new StartAbandoned('start-up stopped while the database was being made');
    } else {
      await runChild(creating, pidFile, options.signal);
    }
    for (const entry of REQUIRED) {
      if (!fs.existsSync(path.join(creating, entry))) throw new Error(`making the database left no ${entry}`);
    }
    fsyncTree(creating);
  } catch (error) {
    fs.rmSync(creating, { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(pidFile, { force: true });
  }
  fs.renameSync(creating, dir);
  fsyncPath(path.dirname(dir));
}
