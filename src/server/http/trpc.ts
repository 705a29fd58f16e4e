import type { FastifyInstance } from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { appRouter, type AppRouter } from '../routers';
import type { createContextFactory } from '../trpc/context';
import { logProcedureFailure } from './request-log';

/** The procedures for the site's own client, at /trpc (third parties use the REST paths under /api). */
export async function registerTrpcEndpoint(
  app: FastifyInstance,
  createContext: ReturnType<typeof createContextFactory>,
): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      onError: logProcedureFailure(app),
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
