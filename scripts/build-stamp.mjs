// The last step of `npm run build`: records when the whole build finished, so that `npm start`
// (scripts/start.mjs) sees a build newer than the sources and does not build everything again.
import fs from 'node:fs';

fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/.build-stamp', new Date().toISOString());
