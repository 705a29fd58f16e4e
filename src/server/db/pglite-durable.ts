// PGlite with commits flushed to disk (issue 22.1).
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
import { PGlite } from '@electric-sql/pglite';
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

/** Start parameters: PGlite's own, without -F, WAL written with fsync(). */
export function durableStartParams(): string[] {
  const params = PGlite.defaultStartParams.filter((p) => p !== '-F');
  return [...params, '-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on'];
}

/** A PGlite on a data folder whose acknowledged commits are on disk. */
export function openDurablePglite(dataDir: string): PGlite {
  if (!flushEnabled()) return new PGlite(dataDir);
  return new PGlite({ fs: new DurableNodeFS(dataDir), startParams: durableStartParams() });
}
