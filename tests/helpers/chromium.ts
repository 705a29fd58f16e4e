// Debian's Chromium as every browser run here starts it: Playwright's end-to-end tests, the
// cross-browser specs and Lighthouse (CHROMIUM_PATH points at another build).

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The switches all three launch it with; each adds its own after them. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
