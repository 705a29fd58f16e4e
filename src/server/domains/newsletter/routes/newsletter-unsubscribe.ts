import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../deps';
import { DomainError } from '../../../platform/errors';
import { unsubscribe } from '../signup';
import { sendApiError, sendDomainError } from '../../../web/http/api-errors';

export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletter/one-click-unsubscribe';

/** A mail provider's unsubscribe button may be pressed often; far more than a person would. */
const RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * POST /api/newsletter/one-click-unsubscribe?token=... : the List-Unsubscribe address of every
 * newsletter copy (RFC 8058). The mail provider POSTs `List-Unsubscribe=One-Click` as a form, with
 * no sign-in and no page to confirm on: the signed token is the authority, and the subscription is
 * deleted at once (every copy not yet handed to the mail server stays unsent). A form body or none
 * is accepted (only this route's scope parses forms).
 */
export function newsletterUnsubscribeRoutes(deps: AppDeps) {
  return async function newsletterOneClick(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, body),
    );
    app.post<{ Querystring: { token?: string } }>(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      { config: { rateLimit: { ...RATE_LIMIT, max: RATE_LIMIT.max * deps.config.RATE_LIMIT_MULTIPLIER } } },
      async (req, reply) => {
        const token = typeof req.query.token === 'string' ? req.query.token : '';
        if (token.length < 20 || token.length > 200)
          return sendApiError(reply, 400, 'This unsubscribe link is not valid');
        try {
          const { message } = await unsubscribe(deps, token);
          return reply
            .status(200)
            .header('Cache-Control', 'no-store')
            .type('text/plain; charset=utf-8')
            .send(message);
        } catch (error) {
          if (error instanceof DomainError) return sendDomainError(reply, error);
          throw error;
        }
      },
    );
  };
}
