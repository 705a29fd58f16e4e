import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerPages, type PagesOptions } from './pages';

/** The built client: hashed assets cached for a year; pages rendered by pages.ts. */
export async function registerBuiltClient(
  app: FastifyInstance,
  deps: AppDeps,
  options: Pick<PagesOptions, 'createContext' | 'routes' | 'router' | 'movedPages'>,
): Promise<void> {
  const { config } = deps;
  if (fs.existsSync(path.join(config.clientDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.clientDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  await registerPages(app, deps, { clientDist: config.clientDist, ssrDist: config.ssrDist, ...options });
}
