import { defineConfig } from 'vitest/config';

// `npm run test:multi`: the two-instance test alone (it starts PostgreSQL, Redis, an S3 server and
// two built app processes once; one file, one worker). Its JSON report joins CI's summary line.
export default defineConfig({
  test: {
    include: ['tests/multi/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest-multi.json' },
  },
});
