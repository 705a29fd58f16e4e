import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Issue 17.1/17.2: the embedded default never loads the Redis client or the AWS SDK (their memory
// matters on a small server, issue 24). The server is one bundle, so this asks esbuild, with the
// options of scripts/build-server.mjs, how the bundle imports them: only dynamically.
describe('the server bundle', () => {
  it('imports ioredis and @aws-sdk/client-s3 only when REDIS_URL or S3_BUCKET asks for them', async () => {
    const result = await build({
      entryPoints: ['src/server/main.ts'],
      outfile: 'main.js',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    const engines = imports.filter((i) => i.path === 'ioredis' || i.path.startsWith('@aws-sdk/'));
    expect(engines.map((i) => i.path).sort()).toEqual(['@aws-sdk/client-s3', 'ioredis']);
    expect(engines.every((i) => i.kind === 'dynamic-import')).toBe(true);
  });
});
