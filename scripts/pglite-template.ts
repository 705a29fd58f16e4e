// `npm run db:template`: makes an empty PGlite cluster with PGlite's own initdb (in a child process, as
// a first start without a template does) and packs it as src/server/platform/db/pglite-template.tar.gz, with the
// PGlite version beside it. A first start unpacks it instead of running initdb (860 MB of memory; issue
// 24.2). Run it after upgrading @electric-sql/pglite; tests/api/data-folder.test.ts fails until then.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import {
  TEMPLATE_FILE,
  createDataFolder,
  installedPgliteVersion,
} from '../src/server/platform/db/pglite-folder';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-template-'));
try {
  const cluster = path.join(work, 'pglite');
  await createDataFolder(cluster, { initdb: true });
  const target = path.resolve('src/server/platform/db', TEMPLATE_FILE);
  const entries = fs.readdirSync(cluster).sort();
  await tar.c({ gzip: { level: 9 }, file: target, cwd: cluster, portable: true, noMtime: true }, entries);
  const version = installedPgliteVersion();
  fs.writeFileSync(`${target}.json`, `${JSON.stringify({ pglite: version }, null, 2)}\n`);
  console.log(
    `wrote ${path.relative(process.cwd(), target)} (${Math.round(fs.statSync(target).size / 1024)} KB) for PGlite ${version}`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
