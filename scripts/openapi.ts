// Writes openapi/openapi.json from the routers, and the types a third party generates from it
// (tests/third-party/api.d.ts); with --check, fails when either committed file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { domainRouteDocs } from '../src/server/domains';
import { appRouter } from '../src/server/router';
import { buildOpenApiDocument } from '../src/server/web/openapi';
import { CLIENT_TYPES_FILE, clientTypes } from './openapi-client-types';

const file = 'openapi/openapi.json';
const document = buildOpenApiDocument(appRouter, domainRouteDocs);
const generated = `${JSON.stringify(document, null, 2)}\n`;
const types = await clientTypes(JSON.parse(generated) as object);

if (process.argv.includes('--check')) {
  const stale = [
    [file, generated],
    [CLIENT_TYPES_FILE, types],
  ].filter(([name, content]) => (fs.existsSync(name!) ? fs.readFileSync(name!, 'utf8') : '') !== content);
  if (stale.length > 0) {
    console.error(
      `${stale.map(([name]) => name).join(' and ')} stale: run \`npm run openapi\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log(`${file} and ${CLIENT_TYPES_FILE} are up to date.`);
} else {
  fs.mkdirSync('openapi', { recursive: true });
  fs.writeFileSync(file, generated);
  fs.mkdirSync(path.dirname(CLIENT_TYPES_FILE), { recursive: true });
  fs.writeFileSync(CLIENT_TYPES_FILE, types);
  console.log(`wrote ${file} and ${CLIENT_TYPES_FILE}`);
}
