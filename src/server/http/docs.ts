import type { OpenAPIObject } from 'trpc-to-openapi';

type PathItem = NonNullable<OpenAPIObject['paths']>[string];

// The plain Fastify routes, described by hand because no tRPC procedure stands behind them.
// Each feature that adds a plain route adds its description here.
const webhookMessageSchema = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } as const;

export const plainRouteDocs: Record<string, PathItem> = {
  '/stripe/webhook': {
    post: {
      tags: ['Academy'],
      summary: 'Stripe webhook: records academy subscriptions',
      description:
        'Called by Stripe, not by browsers. The Stripe-Signature header is verified against the raw body with ' +
        'STRIPE_WEBHOOK_SECRET. checkout.session.completed, customer.subscription.updated and ' +
        'customer.subscription.deleted are recorded; other events are acknowledged and ignored. ' +
        'An event delivered twice changes nothing the second time.',
      parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A Stripe Event object' } } } },
      responses: {
        '200': {
          description: 'Event accepted',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { received: { type: 'boolean' }, outcome: { type: 'string', enum: ['recorded', 'duplicate', 'ignored'] } },
                required: ['received', 'outcome'],
              },
            },
          },
        },
        '400': { description: 'Missing or invalid signature; nothing is changed', content: { 'application/json': { schema: webhookMessageSchema } } },
        '503': { description: 'Webhooks are not configured on this server', content: { 'application/json': { schema: webhookMessageSchema } } },
      },
    },
  },
};
