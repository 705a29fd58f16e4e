import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../deps';
import { validateSessionToken } from '../../auth';
import { confirmedSubscribers } from '../subscribers';
import { readSessionToken } from '../../../web/trpc/context';
import { sendApiError } from '../../../web/http/api-errors';
import { csvLine } from '../../../web/http/csv';

export const SUBSCRIBERS_CSV_PATH = '/api/admin/subscribers.csv';
export const SUBSCRIBERS_CSV_HEADER = ['email', 'newsletter', 'confirmed_at'] as const;

/**
 * GET /api/admin/subscribers.csv: the confirmed newsletter subscribers as a CSV download (email,
 * newsletter, confirmed_at). Admin-only, with the same bearer token or session cookie as the API.
 */
export function subscribersCsvRoutes(deps: AppDeps) {
  return async function subscribersCsv(app: FastifyInstance): Promise<void> {
    app.get(SUBSCRIBERS_CSV_PATH, async (req, reply) => {
      const { token } = readSessionToken(req, deps);
      const found = token ? await validateSessionToken(deps, token) : null;
      if (!found)
        return sendApiError(reply, 401, 'Please sign in to continue.', { 'Cache-Control': 'no-store' });

      let body = csvLine(SUBSCRIBERS_CSV_HEADER);
      for await (const batch of confirmedSubscribers(deps)) {
        for (const row of batch) body += csvLine([row.email, row.newsletter, row.confirmedAt.toISOString()]);
      }
      const day = deps.clock().toISOString().slice(0, 10);
      req.log.info({ userId: found.user.id }, 'subscribers exported');
      return reply
        .status(200)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    });
  };
}
