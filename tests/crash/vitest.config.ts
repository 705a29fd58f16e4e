import { defineConfig } from 'vitest/config';

// `npm run test:crash`: the crash test alone (it starts the built app many times; one file, one worker).
export default defineConfig({
  test: {
    include: ['tests/crash/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
