// The bench's load generator, in its own process: autocannon's API with the options given as JSON
// (the CLI cannot take a header holding autocannon's `[<id>]` placeholder), printing its result.
// With `startAt` (a wall-clock time, ms since the epoch) it starts then, and with `bucketMs` the
// result also has `buckets`: the answers received in each bucketMs from the start, so a run can be
// cut into slices afterwards (the bench's reads beside beacons sent every other slice).
// Usage: node scripts/bench-autocannon.mjs '{"url":...,"connections":50,"duration":5,...}'
import autocannon from 'autocannon';

const { startAt, bucketMs, ...options } = JSON.parse(process.argv[2]);
if (startAt !== undefined)
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const start = performance.now();
const buckets = [];
const instance = autocannon(options);
if (bucketMs !== undefined)
  instance.on('response', () => {
    const bucket = Math.floor((performance.now() - start) / bucketMs);
    buckets[bucket] = (buckets[bucket] ?? 0) + 1;
  });
const result = await instance;
process.stdout.write(
  JSON.stringify(
    bucketMs === undefined ? result : { ...result, buckets: Array.from(buckets, (n) => n ?? 0) },
  ),
);
