/**
 * How much longer than on a quiet machine a test may take before it counts as hung. CI runs the two
 * API passes at a low priority beside the browser tests on two cores, where a test that takes 5 s
 * alone can be kept waiting for the CPU for minutes; TEST_TIME_SCALE stretches every time limit
 * there (vitest.config.ts applies it to the defaults, `scaled` to a test's own limit). A limit is a
 * guard against a hang, never a measure of speed: that is `npm run bench`'s job.
 */
export const TEST_TIME_SCALE = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

/** A test's or hook's own time limit, stretched as the defaults are. */
export function scaled(ms: number): number {
  return ms * TEST_TIME_SCALE;
}
