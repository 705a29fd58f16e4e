import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/helpers/chromium';
import { freePort } from './tests/helpers/net';

// End-to-end tests in Debian's Chromium through Playwright, and the cross-browser specs
// (tests/e2e/cross-browser) in Chromium and Debian's Firefox ESR through puppeteer-core over
// WebDriver BiDi (docs/decisions/0001-firefox-driver.md). No browser download is possible here:
// CHROMIUM_PATH and FIREFOX_PATH point at other builds.
//
// Ports are picked at run time, so a run never fails because something else holds a port. The
// choice is made once, in the runner, and handed to the workers (which load this file again)
// through the environment. E2E_PORT fixes the main server's port when wanted.
process.env.E2E_PORT ||= String(await freePort());
process.env.E2E_VISUAL_PORT ||= String(await freePort());
process.env.E2E_STRIPE_PORT ||= String(await freePort());
process.env.E2E_NEWSLETTER_PORT ||= String(await freePort());
process.env.E2E_SMTP_PORT ||= String(await freePort());

const port = Number(process.env.E2E_PORT);
const visualPort = Number(process.env.E2E_VISUAL_PORT);
const clientDist = path.resolve(process.env.OUT_DIR ?? 'dist/client');
// The servers' data folders, replaced by the next run (test-results is not committed).
const dataRoot = path.resolve(process.env.E2E_DATA_ROOT ?? 'test-results/e2e-data');

/** A fresh data folder per run: the embedded database, uploads and the mail outbox live here. */
export const e2eDataDir = path.join(dataRoot, 'main');
/** The local stand-in for Stripe's API (tests/helpers/fake-stripe.ts) that the academy checkout talks to. */
export const fakeStripePort = Number(process.env.E2E_STRIPE_PORT);
/**
 * A second server on its own fresh database for the screenshot comparisons only: what they show
 * must not depend on what the other specs created before them.
 */
export const visualBaseURL = `http://127.0.0.1:${visualPort}`;
/** Its data folder: its mail is written to `outbox` there (it has no SMTP server). */
export const visualDataDir = path.join(dataRoot, 'visual');
/**
 * A third server for the newsletter specs, whose mail goes over SMTP to a local test server
 * (tests/helpers/smtp-sink-server.ts) that refuses some recipients, so a send meets real failures;
 * it sends slowly enough to be watched, paused and resumed. The server keeps what it accepted as .eml
 * files in `newsletterMailDir`.
 */
export const newsletterBaseURL = `http://127.0.0.1:${process.env.E2E_NEWSLETTER_PORT}`;
export const newsletterMailDir = path.join(dataRoot, 'newsletter-smtp');
const smtpPort = Number(process.env.E2E_SMTP_PORT);

/** The webhook signing secret the app and the Stripe stand-in share (the dashboard's, in production). */
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_academy';
export const ADMIN_ACCOUNT = {
  email: 'e2e-admin@hertslocalmedia.co.uk',
  password: 'Chalk-Hill-Meadow-42',
  name: 'Edith Admin',
};

function appServer(serverPort: number, dataDir: string, extraEnv: Record<string, string> = {}) {
  return {
    // The data folder is wiped before the server starts: every run begins from the seed.
    command: `node -e "require('node:fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && node_modules/.bin/tsx src/server/main.ts`,
    url: `http://127.0.0.1:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIST: clientDist,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '20',
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      ADMIN_EMAIL: ADMIN_ACCOUNT.email,
      ADMIN_PASSWORD: ADMIN_ACCOUNT.password,
      ADMIN_NAME: ADMIN_ACCOUNT.name,
      STRIPE_SECRET_KEY: 'sk_test_e2e_academy',
      STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort}`,
      STRIPE_WEBHOOK_SECRET,
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  // Screenshot baselines live beside the specs, one folder per spec file, named by browser and
  // width (`npm run test:visual:update` rewrites them after an intended change).
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  // The global setup only checks the Firefox version. Playwright starts the web servers before it,
  // so wiping the data folder there pulled the database out from under the running server: the
  // server's command wipes it instead.
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    // A feed at an address the server refuses to fetch (a private one), retried within seconds:
    // the admin's Jobs tab has a failed job to show and retry (admin-jobs.spec.ts).
    appServer(port, e2eDataDir, { PODCAST_FEED_URL: 'http://127.0.0.1:9/feed.xml', JOBS_RETRY_SECONDS: '1' }),
    // One copy of an issue a minute: the screenshots catch a send part way (helpers/views.ts pauses it
    // after its first copy, and the next would be a minute away).
    appServer(visualPort, visualDataDir, { NEWSLETTER_RATE_PER_MINUTE: '1', NEWSLETTER_BATCH_SIZE: '1' }),
    {
      command: `node_modules/.bin/tsx tests/helpers/smtp-sink-server.ts ${smtpPort} ${newsletterMailDir}`,
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    appServer(Number(process.env.E2E_NEWSLETTER_PORT), path.join(dataRoot, 'newsletter'), {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // One message a second, one at a time: a send to a few subscribers lasts long enough to pause.
      NEWSLETTER_RATE_PER_MINUTE: '60',
      NEWSLETTER_BATCH_SIZE: '1',
      // A temporary refusal (4xx) fails the copy at once, so the admin's retry has something to do.
      NEWSLETTER_MAX_ATTEMPTS: '1',
      NEWSLETTER_RETRY_SECONDS: '1',
    }),
    {
      command: `node_modules/.bin/tsx tests/helpers/fake-stripe.ts ${fakeStripePort}`,
      url: `http://127.0.0.1:${fakeStripePort}/health`,
      // Its events go to the main server's webhook, as the dashboard's endpoint would send them.
      env: {
        FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook`,
        FAKE_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
