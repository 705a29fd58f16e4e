// Writes openapi/openapi.json from the routers; with --check, fails when the committed file is stale.
import fs from 'node:fs';
import { buildOpenApiDocument } from '../src/server/openapi';

const file = 'openapi/openapi.json';
const generated = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (committed !== generated) {
    console.error(`${file} is stale: run \`npm run openapi\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${file} is up to date.`);
} else {
  fs.mkdirSync('openapi', { recursive: true });
  fs.writeFileSync(file, generated);
  console.log(`wrote ${file}`);
}
