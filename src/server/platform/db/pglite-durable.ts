// PGlite with commits flushed to disk.
//
// PGlite 0.5.16 starts postgres with `-F` (fsync=off), and its Emscripten NODEFS has no `fsync` stream
// operation, so even with fsync=on the fsync() postgres makes is answered "done" without reaching the
// disk; fdatasync() is a no-op in Emscripten (___syscall_fdatasync only checks the fd). Upstream:
// https://github.com/electric-sql/pglite/issues/1107
//
// Here: start without `-F`, make postgres use fsync() for the WAL (wal_sync_method=fsync, the one call
// that goes through the stream operations: fsync -> __wasi_fd_sync -> stream_ops.fsync), and give NODEFS
// a stream fsync that calls fs.fsyncSync on the real file descriptor. PGlite is pinned exactly in
// package.json; tests/api/pglite-durable.test.ts fails if an upgrade drops the flush.
import fs from 'node:fs';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The bench's only switch: PGLITE_FSYNC=off measures the old behaviour. Never set it in production. */
export function flushEnabled(): boolean {
  return process.env.PGLITE_FSYNC !== 'off';
}

interface EmscriptenStream {
  nfd?: number;
  /** The path inside PGlite (the data folder is mounted at /pglite/data). */
  path?: string;
  node?: unknown;
}
interface EmscriptenModule {
  NODEFS: {
    realPath(node: unknown): string;
    stream_ops: {
      fsync?: (stream: EmscriptenStream) => number | void;
      write: (stream: EmscriptenStream, ...rest: unknown[]) => number;
    };
  };
}

const isGone = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** A file of the write-ahead log (not the folder itself, not a data file, not pg_control). */
const isLogFile = (stream: EmscriptenStream) => stream.path?.includes('/pg_wal/') === true;

/**
 * The log's flush of one commit, done on the thread pool instead of this thread.
 *
 * Postgres in PGlite runs on the event loop's thread, and its fsync() is synchronous: a commit that
 * waits for the disk holds every request for the flush's length. For a commit whose caller can wait
 * without holding the others (a batch of page views), `deferDuring` records the log files the
 * commit asks to flush instead of flushing them, and `settle` flushes them through libuv's pool;
 * the caller counts the commit as written only once `settle` returns.
 *
 * Meanwhile postgres believes the log flushed. That belief is made true before anything could rely
 * on it: any other flush (another commit, a checkpoint, pg_control) and any write to a file that is
 * not the log first flushes the deferred files on this thread, as postgres would have. So no data
 * page, control file or later commit reaches the disk ahead of the deferred log, and a power cut
 * in between loses only the deferred commit, which nobody has been told is written.
 */
export class LogFlush {
  private deferring = false;
  /** Real paths of log files written and not yet flushed, each with the deferral that last wrote it. */
  private readonly pending = new Map<string, number>();
  private deferral = 0;

  constructor(private readonly realPath: (stream: EmscriptenStream) => string) {}

  /** NODEFS's fsync: deferred for the log during deferDuring, otherwise done now, after the deferred. */
  fsync(stream: EmscriptenStream): void {
    if (this.deferring && isLogFile(stream)) {
      this.pending.set(this.realPath(stream), this.deferral);
      return;
    }
    this.flushPendingNow();
    if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
  }

  /** Before NODEFS writes: a file other than the log may not reach the disk ahead of the deferred log. */
  beforeWrite(stream: EmscriptenStream): void {
    if (this.pending.size > 0 && !isLogFile(stream)) this.flushPendingNow();
  }

  /** Runs `commit` (one statement that commits, nothing else) with its log flush deferred. */
  async deferDuring<T>(commit: () => Promise<T>): Promise<T> {
    this.deferring = true;
    this.deferral++;
    try {
      return await commit();
    } finally {
      this.deferring = false;
    }
  }

  /** Flushes the deferred log files off this thread; resolves once they are on disk. */
  async settle(): Promise<void> {
    for (const [file, deferral] of [...this.pending]) {
      // Flushed on this thread meanwhile (another flush came first), or deferred again since.
      const stillPending = () => this.pending.get(file) === deferral;
      if (!stillPending()) continue;
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        // Renamed since (a new segment is made under a temporary name and renamed into place; its
        // new name was deferred too), or recycled after a flush on this thread came first.
        if (isGone(error) || !stillPending()) {
          if (stillPending()) this.pending.delete(file);
          continue;
        }
        throw error;
      }
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (stillPending()) this.pending.delete(file);
    }
  }

  private flushPendingNow(): void {
    if (this.pending.size === 0) return;
    // This runs inside postgres's own call (a stream operation): an exception here would unwind
    // its stack with its locks held, so a file renamed away since (its new name is pending too) is
    // passed over rather than thrown about.
    for (const file of this.pending.keys()) {
      let fd: number;
      try {
        fd = fs.openSync(file, 'r');
      } catch (error) {
        if (isGone(error)) continue;
        throw error;
      }
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
    this.pending.clear();
  }
}

const logFlushes = new WeakMap<PGlite, LogFlush>();

/** The deferred log flush of a PGlite opened by openDurablePglite (none with PGLITE_FSYNC=off). */
export function logFlushOf(pg: PGlite): LogFlush | undefined {
  return logFlushes.get(pg);
}

class DurableNodeFS extends NodeFS {
  logFlush?: LogFlush;

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = (result.emscriptenOpts.preRun ?? []) as Array<(mod: EmscriptenModule) => void>;
    result.emscriptenOpts.preRun = [
      (mod: EmscriptenModule) => {
        const flush = new LogFlush((stream) => mod.NODEFS.realPath(stream.node));
        this.logFlush = flush;
        logFlushes.set(pg, flush);
        const ops = mod.NODEFS.stream_ops;
        const write = ops.write;
        ops.write = (stream, ...rest) => {
          flush.beforeWrite(stream);
          return write.call(ops, stream, ...rest);
        };
        ops.fsync = (stream) => {
          flush.fsync(stream);
          return 0;
        };
      },
      ...preRun,
    ] as never;
    return result;
  }
}

/**
 * Memory for a small site. PGlite's defaults are a server's, and its shared_buffers alone made the
 * process several times larger at idle than the site's database, which is read a page at a time
 * through indexes (docs/bench/2026-11-24-embedded-database-memory.md):
 * - shared_buffers 16MB (default 128MB): Postgres' page cache inside the WebAssembly memory. The
 *   operating system's file cache sits under it, so a miss costs a copy, not a disk read; cached
 *   reads never reach it (the response cache serves them).
 * - work_mem 2MB (4MB): per sort or hash; our queries sort a page of rows through an index.
 * - wal_buffers: left at -1, which is 1/32 of shared_buffers (512kB): every commit is flushed at
 *   once anyway (synchronous_commit), so more WAL buffer would hold nothing.
 * - maintenance_work_mem 16MB (64MB): index builds of a migration; enough for 10,000 posts.
 * - temp_buffers 2MB (8MB): we use no temporary tables.
 * A bigger site raises PGLITE_SHARED_BUFFERS and PGLITE_WORK_MEM (config.ts).
 */
export interface PgliteMemory {
  sharedBuffers: string;
  workMem: string;
  /** Optimised WebAssembly code instead of baseline code only (openDurablePglite; PGLITE_OPTIMISED_CODE). */
  optimisedCode?: boolean;
}

export const SMALL_SITE_MEMORY: PgliteMemory = { sharedBuffers: '16MB', workMem: '2MB' };

function memoryParams(memory: PgliteMemory): string[] {
  return [
    '-c',
    `shared_buffers=${memory.sharedBuffers}`,
    '-c',
    `work_mem=${memory.workMem}`,
    '-c',
    'maintenance_work_mem=16MB',
    '-c',
    'temp_buffers=2MB',
  ];
}

/** Start parameters: PGlite's own, without -F, WAL written with fsync() and not zero-filled, memory for a small site. */
export function durableStartParams(memory: PgliteMemory = SMALL_SITE_MEMORY): string[] {
  const params = PGlite.defaultStartParams.filter((p) => p !== '-F');
  return [
    ...params,
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'synchronous_commit=on',
    // A new WAL segment is not written full of zeros first (postgres then writes its last byte
    // only): on this thread, the zeros and their fsync held the event loop each time a segment
    // filled, every few seconds under a heavy load of page views
    // (docs/bench/2026-11-27-beacon-cost.md). Each commit's WAL is still fsync()ed before it is
    // acknowledged, sizes included.
    '-c',
    'wal_init_zero=off',
    ...memoryParams(memory),
  ];
}

/** The extensions migrations create (pg_trgm: the indexes of the admin's search, migration 0004). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** A PGlite on a data folder whose acknowledged commits are on disk. */
export function openDurablePglite(dataDir: string, memory: PgliteMemory = SMALL_SITE_MEMORY): PGlite {
  // V8 compiles WebAssembly twice by default (Liftoff, a quick baseline, then optimised TurboFan code
  // for the functions that run often) and keeps both, which costs the most resident memory. TurboFan
  // alone is smaller than both, but its compiler leaves memory in glibc's heap, freed and never given
  // back. So one or the other, never both (docs/bench/2026-11-24-embedded-database-memory.md):
  // - baseline only, the default: the fewest bytes and the lowest peak under mixed load. What it
  //   costs is the speed of the queries that do real work in Postgres (the inbox search over many
  //   enquiries); a page of posts or of the inbox is as fast either way. Cached reads never reach here.
  // - optimised only (PGLITE_OPTIMISED_CODE=true), for a server with memory to spare.
  v8.setFlagsFromString(memory.optimisedCode ? '--no-liftoff' : '--liftoff-only');
  if (!flushEnabled()) {
    return new PGlite({
      dataDir,
      startParams: [...PGlite.defaultStartParams, ...memoryParams(memory)],
      extensions: PGLITE_EXTENSIONS,
    });
  }
  return new PGlite({
    fs: new DurableNodeFS(dataDir),
    startParams: durableStartParams(memory),
    extensions: PGLITE_EXTENSIONS,
  });
}
