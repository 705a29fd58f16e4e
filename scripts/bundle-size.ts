// `npm run bundle-size`: the JavaScript a visitor's browser loads first on each public page, from the
// client build's Vite manifest: the entry and the page's chunk with all their static imports (what
// the server preloads in the HTML and the entry runs before hydrating), each counted once, gzip -9.
// Dynamic imports (a dialog opened on click, the admin) are not first load and are left out.
// Exits non-zero when a page is over the budget. Options: --no-build; OUT_DIR as for the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { NOT_FOUND_PAGE, ROUTE_LIST, pageSourceFile } from '../src/shared/routes';

export const FIRST_LOAD_JS_BUDGET_KB = 110;

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** Gzip sizes in KB of the first-load JavaScript of every server-rendered page, by route. */
export function firstLoadJs(clientDist: string): Array<{ route: string; kb: number; files: number }> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  const gzipKb = new Map<string, number>();
  const sizeOf = (file: string) => {
    let kb = gzipKb.get(file);
    if (kb === undefined) {
      const bytes = fs.readFileSync(path.join(clientDist, file));
      gzipKb.set(file, (kb = zlib.gzipSync(bytes, { level: 9 }).length / 1024));
    }
    return kb;
  };
  const pages = [...ROUTE_LIST, { path: '(not found)', ...NOT_FOUND_PAGE }].filter((r) => r.serverRendered);
  return pages.map((route) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    visit(entry);
    visit(pageSourceFile(route.page));
    const kb = [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);
    return { route: route.path, kb, files: files.size };
  });
}

function main(): void {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const rows = firstLoadJs(process.env.OUT_DIR ?? 'dist/client');
  let over = false;
  for (const row of rows) {
    const ok = row.kb <= FIRST_LOAD_JS_BUDGET_KB;
    over ||= !ok;
    console.log(
      `${row.route.padEnd(24)} ${row.kb.toFixed(1).padStart(7)} KB gzip  ${String(row.files).padStart(3)} files  ${ok ? 'ok' : `OVER ${FIRST_LOAD_JS_BUDGET_KB} KB`}`,
    );
  }
  if (over) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
