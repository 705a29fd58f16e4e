// `npm start`: builds the client and server when the build is missing or older than the sources,
// then runs the server. One process serves the site and the API.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, serverNodeArgs } from './server-node-args.mjs';

const stampFile = 'dist/.build-stamp';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ['src', 'public', 'package-lock.json', 'vite.config.ts'];
const sourceTime = Math.max(...sources.map(newestMtime));
const builtTime = fs.existsSync(stampFile) ? fs.statSync(stampFile).mtimeMs : 0;
const built = fs.existsSync('dist/client/index.html') && fs.existsSync('dist/server/main.js');

if (!built || sourceTime > builtTime) {
  console.log('Building the site (first start, or the sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  // `npm run build` writes the stamp itself (scripts/build-stamp.mjs).
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, [...serverNodeArgs(), 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...SERVER_ENV, ...process.env },
});
process.exit(server.status ?? 0);
