import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Runs before the web server starts: a fresh data folder so every run begins from the seed.
export default function globalSetup(): void {
  const port = Number(process.env.E2E_PORT ?? 5055);
  fs.rmSync(path.join(os.tmpdir(), `hlm-e2e-${port}`), { recursive: true, force: true });
}
