// How Node runs the built server, for `npm start` (scripts/start.mjs), the bench and the tests that
// start the built server (tests/helpers/net.ts); the Dockerfile's CMD repeats them (a test checks).
//
// --max-old-space-size=96 (MB): V8 lets its old generation grow to a share of the machine's memory
// before it collects in earnest (about 4 GB here), so under load the heap grew from 60 to 200 MB of
// which less than 100 MB was alive. With a ceiling it collects sooner: the server's peak under
// minutes of mixed load fell by about 140 MB at the same throughput (issue 24; `npm run bench --
// --memory`). The site's live heap is 45-50 MB at idle and stays under 80 MB at 10,000 posts with
// every post read, so 96 leaves room without letting garbage pile up. A bigger site sets its own
// with NODE_OPTIONS=--max-old-space-size=N, which then replaces this one (serverNodeArgs below).
//
// --max-semi-space-size=4 (MB; V8's default grows to 16 on a 64-bit machine): the young generation is
// where each request's short-lived objects live. Measured on the built site: the server's
// peak under mixed load fell from 347 to 302 MB with no loss of throughput beyond the noise of the
// machine; 2 MB saved no more and cost more collections.
//
// No --enable-source-maps: with it Node keeps the source map of every module it loads (the server
// bundle's 790 KB map, PGlite's chunks ...), 24 MB of heap at idle (heapUsed 86.6 against 62.4 MB
// after the same two page loads). The bundle is not minified, so a stack trace's dist/server/main.js
// line still reads as the code; NODE_OPTIONS=--enable-source-maps maps it back when wanted.
export const SERVER_NODE_ARGS = ['--max-old-space-size=96', '--max-semi-space-size=4'];

/**
 * The environment the server starts with, under what the operator sets. MALLOC_ARENA_MAX=2: glibc
 * gives each thread that allocates (libuv's pool, V8's compiler and GC threads) an arena of its own,
 * up to 8 per core, and keeps what each has held; two arenas in all took the peak under mixed load
 * from 263 to 245 MB at the same throughput.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/**
 * The arguments for an environment: a heap size in NODE_OPTIONS is the operator's and wins (on the
 * command line ours would, since Node reads NODE_OPTIONS first).
 */
export function serverNodeArgs(env = process.env) {
  const own = /--max-old-space-size/.test(env.NODE_OPTIONS ?? '');
  return own ? SERVER_NODE_ARGS.filter((a) => !a.startsWith('--max-old-space-size')) : SERVER_NODE_ARGS;
}
