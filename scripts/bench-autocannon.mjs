// The bench's load generator, in its own process: autocannon's API with the options given as JSON
// (the CLI cannot take a header holding autocannon's `[<id>]` placeholder), printing its result.
// Usage: node scripts/bench-autocannon.mjs '{"url":...,"connections":50,"duration":5,...}'
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon(options);
process.stdout.write(JSON.stringify(result));
