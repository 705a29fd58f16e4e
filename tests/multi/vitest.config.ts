import { defineConfig } from 'vitest/config';

// `npm run test:multi`: two app processes on one PostgreSQL server (issue 17.5). One file, one worker:
// it starts real servers and kills them.
export default defineConfig({
  test: {
    include: ['tests/multi/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
