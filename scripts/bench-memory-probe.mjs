// Preloaded into the server by scripts/bench-memory.ts (NODE_OPTIONS=--import): every 500 ms it
// appends the process's own view of its memory (V8 heap, external memory such as PGlite's
// WebAssembly memory and Buffers) to BENCH_MEMORY_LOG, which /proc cannot show from outside.
import fs from 'node:fs';

const file = process.env.BENCH_MEMORY_LOG;
if (file) {
  const started = Date.now();
  const mb = (bytes) => Math.round(bytes / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    const line = {
      t: Date.now() - started,
      rss: mb(m.rss),
      heapTotal: mb(m.heapTotal),
      heapUsed: mb(m.heapUsed),
    };
    fs.appendFileSync(
      file,
      `${JSON.stringify({ ...line, external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) })}\n`,
    );
  }, 500).unref();
}
