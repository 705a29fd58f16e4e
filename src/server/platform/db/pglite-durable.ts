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
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number | void } };
}

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = (result.emscriptenOpts.preRun ?? []) as Array<(mod: EmscriptenModule) => void>;
    result.emscriptenOpts.preRun = [
      (mod: EmscriptenModule) => {
        mod.NODEFS.stream_ops.fsync = (stream) => {
          if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
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
