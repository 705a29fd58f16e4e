import { defineConfig } from 'vitest/config';
import { scaled } from './tests/helpers/timeouts';

// These files test the embedded default itself (data folder, flush, signals, crashes): they always
// open PGlite, whatever DATABASE_URL says, so the PostgreSQL run would only repeat them (about 2 of
// its 4 minutes in CI).
const EMBEDDED_ONLY = [
  'tests/api/data-folder.test.ts',
  'tests/api/pglite-durable.test.ts',
  'tests/api/outbox-crash.test.ts',
  'tests/api/upload-crash.test.ts',
  'tests/api/shutdown.test.ts',
];

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // The unit tests touch no database: the PostgreSQL run would only repeat them too.
    exclude: process.env.DATABASE_URL ? [...EMBEDDED_ONLY, 'tests/unit/**'] : [],
    environment: 'node',
    // Guards against a hang, stretched by TEST_TIME_SCALE where the tests share the CPU (.ci/run).
    testTimeout: scaled(30_000),
    hookTimeout: scaled(60_000),
    expect: { poll: { timeout: scaled(1_000) } },
    // Each file gets its own database; two at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    // The files of a worker share its modules: each file builds its own app on its own database,
    // and importing the server's modules again for every file was 194-287 s of each CI pass's
    // CPU (the whole PostgreSQL pass took 290 s of wall time without it, on a quiet machine).
    isolate: false,
    // The JSON report lets .ci/run print one 'N passed, N failed' line for the whole run.
    reporters: ['default', 'json'],
    outputFile: { json: `test-results/vitest-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json` },
  },
});
