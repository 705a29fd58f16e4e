import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../deps';
import { DomainError } from '../../../platform/errors';
import { sendDomainError } from '../../../web/http/api-errors';
import { verifyWebhookEvent } from '../payments';
import { recordStripeEvent } from '../subscription-events';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes Stripe sent, so this route (and
 * only this one: Fastify scopes a plugin's parsers to it) keeps the JSON body as a raw Buffer.
 */
export function stripeWebhookRoutes(deps: AppDeps) {
  return async function stripeWebhook(app: FastifyInstance): Promise<void> {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => {
        done(null, body);
      },
    );

    app.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['stripe-signature'];
      try {
        const event = verifyWebhookEvent(
          deps.payments,
          raw,
          typeof header === 'string' ? header : undefined,
          deps.clock(),
        );
        const outcome = await recordStripeEvent(deps, event);
        req.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
        return reply.status(200).send({ received: true, outcome });
      } catch (error) {
        if (error instanceof DomainError) {
          return sendDomainError(reply, error);
        }
        throw error;
      }
    });
  };
}
