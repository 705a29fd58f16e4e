// Writes .br and .gz beside every compressible file of the client build, once, at build time, so
// the server sends compressed assets without compressing on each request (@fastify/static's
// preCompressed option picks them by Accept-Encoding).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? process.env.OUT_DIR ?? 'dist/client');
const compressible = /\.(js|mjs|css|svg|html|json|xml|txt|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name)) {
      const data = fs.readFileSync(full);
      if (data.length < 1024) continue;
      const br = zlib.brotliCompressSync(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      fs.writeFileSync(`${full}.br`, br);
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  }
}

walk(root);
console.log(
  `compressed ${files} files in ${path.relative(process.cwd(), root)}: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`,
);
