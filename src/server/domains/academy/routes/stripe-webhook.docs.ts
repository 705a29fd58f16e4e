import { defaultErrorResponse, errorResponses } from '../../../web/openapi/responses';
import { DATABASE_DOWN, type PathItem } from '../../../web/http/docs-parts';

// POST /api/stripe/webhook (stripe-webhook.ts): Stripe's events about academy subscriptions.
export const stripeWebhookDocs: Record<string, PathItem> = {
  '/stripe/webhook': {
    post: {
      operationId: 'academy-stripeWebhook',
      tags: ['Academy'],
      summary: 'Stripe webhook: records academy subscriptions',
      description:
        'Called by Stripe, not by browsers; authorised by the Stripe-Signature header, verified against the raw body with ' +
        'STRIPE_WEBHOOK_SECRET. checkout.session.completed, customer.subscription.updated and ' +
        'customer.subscription.deleted are recorded; other events are acknowledged and ignored. ' +
        'An event delivered twice changes nothing the second time, and a subscription event older than the last one applied ' +
        'is acknowledged as outdated.',
      security: [],
      parameters: [
        {
          name: 'Stripe-Signature',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          example: 't=1761926400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              description: 'A Stripe Event object (https://docs.stripe.com/api/events/object)',
              properties: {
                id: { type: 'string' },
                type: { type: 'string' },
                created: { type: 'integer' },
                data: {
                  type: 'object',
                  properties: { object: { type: 'object', additionalProperties: true } },
                  additionalProperties: true,
                },
              },
              required: ['id', 'type', 'data'],
              additionalProperties: true,
            },
            example: {
              id: 'evt_1QAbCdEfGhIjKlMn',
              object: 'event',
              type: 'checkout.session.completed',
              created: 1761926400,
              data: {
                object: {
                  id: 'cs_test_a1B2c3',
                  object: 'checkout.session',
                  mode: 'subscription',
                  subscription: 'sub_1QAbCd',
                  metadata: { plan: 'innovator' },
                },
              },
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'Event accepted',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  received: { type: 'boolean' },
                  outcome: { type: 'string', enum: ['recorded', 'duplicate', 'outdated', 'ignored'] },
                },
                required: ['received', 'outcome'],
              },
              example: { received: true, outcome: 'recorded' },
            },
          },
        },
        ...errorResponses({
          400: ['Missing or invalid signature; nothing is changed', 'The body is not valid JSON'],
          413: 'The body is larger than 512 KB',
          415: 'The body is not JSON: send Content-Type: application/json',
          503: ['Webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET)', DATABASE_DOWN],
        }),
        default: defaultErrorResponse,
      },
    },
  },
};
