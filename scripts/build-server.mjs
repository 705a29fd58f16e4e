// Bundles the server's TypeScript into dist/server (packages stay external) and copies the
// migrations beside it, so `node dist/server/main.js` runs without a TypeScript toolchain.
import { build } from 'esbuild';
import fs from 'node:fs';

const entries = {
  main: 'src/server/main.ts',
  // Modules the server starts on threads of their own, beside main.js (platform/threads.ts).
  'describer-thread': 'src/server/domains/analytics/describer-thread.ts',
  ...(fs.existsSync('src/server/cli')
    ? Object.fromEntries(
        fs
          .readdirSync('src/server/cli')
          .filter((f) => f.endsWith('.ts'))
          .map((f) => [`cli/${f.replace(/\.ts$/, '')}`, `src/server/cli/${f}`]),
      )
    : {}),
};

await build({
  entryPoints: entries,
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync('dist/server/migrations', { recursive: true, force: true });
fs.cpSync('src/server/platform/db/migrations', 'dist/server/migrations', { recursive: true });
// The empty cluster a first start unpacks (src/server/platform/db/pglite-folder.ts).
for (const file of ['pglite-template.tar.gz', 'pglite-template.tar.gz.json'])
  fs.copyFileSync(`src/server/platform/db/${file}`, `dist/server/${file}`);
console.log('server built into dist/server');
