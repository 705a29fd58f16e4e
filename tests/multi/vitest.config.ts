import { defineConfig } from 'vitest/config';

// `npm run test:multi`: the tests that start several app processes on one PostgreSQL server (with
// Redis, an S3 server or a mail server as each needs) and kill them. One worker: they start real
// servers. Its JSON report joins CI's summary line.
export default defineConfig({
  test: {
    include: ['tests/multi/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 180_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest-multi.json' },
  },
});
