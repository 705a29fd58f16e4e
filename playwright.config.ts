import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests in Debian's Chromium (no browser download is possible here). To use another
// Chromium or Chrome, set CHROMIUM_PATH=/path/to/chrome. E2E_PORT picks the server's port and
// OUT_DIR the client build it serves (both let several runs share a machine).
const port = Number(process.env.E2E_PORT ?? 5055);
const clientDist = path.resolve(process.env.OUT_DIR ?? 'dist/client');
/** A fresh data folder per run: the embedded database, uploads and the mail outbox live here. */
export const e2eDataDir = path.join(os.tmpdir(), `hlm-e2e-${port}`);
/** The local stand-in for Stripe's API (tests/helpers/fake-stripe.ts) that the academy checkout talks to. */
export const fakeStripePort = port + 1000;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  // No globalSetup: Playwright starts the web servers before it, so wiping the data folder there
  // pulled the database out from under the running server. The server's command wipes it instead.
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: [
    {
      // A fresh data folder per run, wiped before the server starts: every run begins from the seed.
      command: `node -e "require('node:fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && npx tsx src/server/main.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        CLIENT_DIST: clientDist,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '20',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: 'e2e-admin@hertslocalmedia.co.uk',
        ADMIN_PASSWORD: 'Chalk-Hill-Meadow-42',
        ADMIN_NAME: 'Edith Admin',
        STRIPE_SECRET_KEY: 'sk_test_e2e_academy',
        STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort}`,
      },
    },
    {
      command: `npx tsx tests/helpers/fake-stripe.ts ${fakeStripePort}`,
      url: `http://127.0.0.1:${fakeStripePort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
