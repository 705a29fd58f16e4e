import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The server is one bundle, so these ask esbuild, with the options of scripts/build-server.mjs, how
// the bundle imports a package: a package that only some servers or some requests need is imported
// dynamically, so a server that never needs it never holds its memory.
async function bundleImports(): Promise<Array<{ path: string; kind: string }>> {
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
  return Object.values(result.metafile.outputs).flatMap((output) => output.imports);
}

describe('the server bundle', () => {
  // The embedded default never loads the Redis client or the AWS SDK.
  it('imports ioredis and @aws-sdk/client-s3 only when REDIS_URL or S3_BUCKET asks for them', async () => {
    const engines = (await bundleImports()).filter(
      (i) => i.path === 'ioredis' || i.path.startsWith('@aws-sdk/'),
    );
    expect(engines.map((i) => i.path).sort()).toEqual(['@aws-sdk/client-s3', 'ioredis']);
    expect(engines.every((i) => i.kind === 'dynamic-import')).toBe(true);
  });

  // Libvips (sharp) and the feed parser load on the first image or feed, not at start.
  it('imports sharp and rss-parser only when an image or a feed is handled', async () => {
    const lazy = (await bundleImports()).filter((i) => i.path === 'sharp' || i.path === 'rss-parser');
    expect(lazy.map((i) => i.path).sort()).toEqual(['rss-parser', 'sharp']);
    expect(lazy.every((i) => i.kind === 'dynamic-import')).toBe(true);
  });
});
