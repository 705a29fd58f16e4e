import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    // The JSON report lets .ci/run print one 'N passed, N failed' line for the whole run.
    reporters: ['default', 'json'],
    outputFile: { json: `test-results/vitest-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json` },
  },
});
