import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import type { AppDeps } from '../deps';
import { defaultErrorResponse, errorResponses } from '../openapi/responses';
import { sendApiError } from './api-errors';

type PathItem = NonNullable<OpenAPIObject['paths']>[string];

// GET /readyz: for a load balancer or `docker` health check. The server listens only once start-up is
// over (a new database made, or an unclean stop recovered, migrations and seeds applied), so an answer
// at all means started; 200 also needs the database to answer and the process not to be stopping.
export function readinessRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    let stopping = false;
    app.addHook('preClose', async () => {
      stopping = true;
    });
    app.get('/readyz', async (_req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      if (stopping) return sendApiError(reply, 503, 'The site is shutting down.');
      if (!(await deps.database.ping())) return sendApiError(reply, 503, 'The database is not answering.');
      return reply.send({ status: 'ready' });
    });
  };
}

export const readinessDocs: Record<string, PathItem> = {
  '/readyz': {
    servers: [{ url: '/' }],
    get: {
      operationId: 'system-ready',
      tags: ['System'],
      summary:
        'Ready to serve: start-up (database made or recovered, migrations) is over and the database answers',
      description:
        'Nothing answers until start-up is over: after an unclean stop the database first replays its log (the ' +
        'server logs how long that took). 503 while shutting down or when the database does not answer.',
      security: [],
      responses: {
        '200': {
          description: 'Ready',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { status: { type: 'string', enum: ['ready'] } },
                required: ['status'],
              },
              example: { status: 'ready' },
            },
          },
        },
        ...errorResponses({ 503: ['The site is shutting down.', 'The database is not answering.'] }),
        default: defaultErrorResponse,
      },
    },
  },
};
