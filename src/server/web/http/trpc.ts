import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyTRPCRouter } from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { TRPC_URL_MAX_LENGTH } from '../../../shared/trpc-batching';
import type { createContextFactory } from '../trpc/context';
import { sendApiError } from './api-errors';
import { logProcedureFailure } from './request-log';

/** A longer address than the client ever sends (it splits its batches below the same length). */
async function refuseLongAddress(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.url.length > TRPC_URL_MAX_LENGTH)
    await sendApiError(
      reply,
      414,
      `The address is ${req.url.length} characters long; at most ${TRPC_URL_MAX_LENGTH} are taken.`,
    );
}

/**
 * The procedures for the site's own client, at /trpc (third parties use the REST paths under /api).
 * This is tRPC's Fastify plugin with one difference: the procedures' names are a wildcard, not a
 * route parameter, so a batch naming many of them is limited by TRPC_URL_MAX_LENGTH, which the
 * client knows, and not by the router's maxParamLength, which is meant for ids and file names.
 */
export async function registerTrpcEndpoint(
  app: FastifyInstance,
  router: AnyTRPCRouter,
  createContext: ReturnType<typeof createContextFactory>,
): Promise<void> {
  const trpcOptions = {
    router,
    createContext,
    onError: logProcedureFailure(app),
  } satisfies FastifyTRPCPluginOptions<AnyTRPCRouter>['trpcOptions'];
  await app.register(async (scope) => {
    // As the plugin does: tRPC reads the body itself.
    scope.removeContentTypeParser(['application/json', 'multipart/form-data']);
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser('multipart/form-data', (_req, payload, done) => done(null, payload));
    scope.all<{ Params: { '*': string } }>(
      '/trpc/*',
      { onRequest: refuseLongAddress },
      async (req, reply) => {
        await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path: req.params['*'] });
      },
    );
  });
}
