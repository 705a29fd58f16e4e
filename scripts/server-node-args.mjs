// How Node runs the built server, for `npm start` (scripts/start.mjs), the bench and the tests that
// start the built server (tests/helpers/app-process.ts); the Dockerfile's CMD repeats them (a test checks).
//
// The flags and why, with the measurements: docs/decisions/0021-server-memory-flags.md.
export const SERVER_NODE_ARGS = ['--max-old-space-size=96', '--max-semi-space-size=4'];

/**
 * The environment the server starts with, under what the operator sets (MALLOC_ARENA_MAX: see
 * docs/decisions/0021-server-memory-flags.md).
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
