import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import type { AppDeps } from '../../deps';
import { defaultErrorResponse } from '../openapi/responses';

type PathItem = NonNullable<OpenAPIObject['paths']>[string];

/** Set when the process begins to stop (before it closes), so readiness turns a load balancer away first. */
export interface ShutdownState {
  stopping: boolean;
}

type ComponentState = 'up' | 'down';

// GET /readyz: for a load balancer or `docker` health check. The server listens only once start-up is
// over (a new database made, or an unclean stop recovered, migrations and seeds applied), so an answer
// at all means started; 200 also needs every engine it uses to answer (the database; Redis with
// REDIS_URL; the bucket with S3_BUCKET), each named in the answer, and the process not to be stopping.
export function readinessRoutes(deps: AppDeps, shutdown: ShutdownState): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.get('/readyz', async (_req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      if (shutdown.stopping) return reply.code(503).send({ status: 'stopping' });
      const state = (up: boolean): ComponentState => (up ? 'up' : 'down');
      const [database, redis, storage] = await Promise.all([
        deps.database.ping().then(state),
        deps.sharedState?.ping().then(state),
        deps.storage.kind === 's3' ? deps.storage.ping().then(state) : undefined,
      ]);
      const components = { database, ...(redis && { redis }), ...(storage && { storage }) };
      const ready = Object.values(components).every((c) => c === 'up');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', ...components });
    });
  };
}

const component = (name: string) => ({
  type: 'string',
  enum: ['up', 'down'],
  description: `Whether ${name} answered just now`,
});
const readinessSchema = {
  type: 'object',
  properties: {
    status: {
      type: 'string',
      enum: ['ready', 'unavailable', 'stopping'],
      description:
        'ready: serve traffic here; unavailable: an engine below does not answer; stopping: shutting down',
    },
    database: component('the database'),
    redis: component('Redis (only with REDIS_URL)'),
    storage: component('the S3 bucket (only with S3_BUCKET)'),
  },
  required: ['status'],
  additionalProperties: false,
};

export const readinessDocs: Record<string, PathItem> = {
  '/readyz': {
    servers: [{ url: '/' }],
    get: {
      operationId: 'system-ready',
      tags: ['System'],
      summary:
        'Ready to serve: start-up (database made or recovered, migrations) is over and every engine answers',
      description:
        'Nothing answers until start-up is over: after an unclean stop the database first replays its log (the ' +
        'server logs how long that took). Each engine the instance uses is reported: the database always, Redis ' +
        'with REDIS_URL, the bucket with S3_BUCKET. 503 when one does not answer, and from the moment the ' +
        'process begins to stop, so a load balancer sends its requests elsewhere.',
      security: [],
      responses: {
        '200': {
          description: 'Ready',
          content: {
            'application/json': {
              schema: readinessSchema,
              example: { status: 'ready', database: 'up', redis: 'up', storage: 'up' },
            },
          },
        },
        '503': {
          description: 'Not ready: an engine does not answer, or the instance is shutting down',
          content: {
            'application/json': {
              schema: readinessSchema,
              examples: {
                unavailable: {
                  value: { status: 'unavailable', database: 'up', redis: 'down', storage: 'up' },
                },
                stopping: { value: { status: 'stopping' } },
              },
            },
          },
        },
        default: defaultErrorResponse,
      },
    },
  },
};
