import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../deps';
import { confirmedSubscribers } from '../subscribers';
import { admitStaff } from '../../../web/http/admin-guard';
import { csvLine } from '../../../web/http/csv';

export const SUBSCRIBERS_CSV_PATH = '/api/admin/subscribers.csv';
export const SUBSCRIBERS_CSV_HEADER = ['email', 'newsletter', 'confirmed_at'] as const;

/**
 * GET /api/admin/subscribers.csv: the confirmed newsletter subscribers as a CSV download (email,
 * newsletter, confirmed_at), for the roles that manage subscribers, with the same bearer token or
 * session cookie as the API.
 */
export function subscribersCsvRoutes(deps: AppDeps) {
  return async function subscribersCsv(app: FastifyInstance): Promise<void> {
    app.get(SUBSCRIBERS_CSV_PATH, async (req, reply) => {
      const user = await admitStaff(req, reply, deps, 'manageSubscribers');
      if (!user) return reply;

      let body = csvLine(SUBSCRIBERS_CSV_HEADER);
      for await (const batch of confirmedSubscribers(deps)) {
        for (const row of batch) body += csvLine([row.email, row.newsletter, row.confirmedAt.toISOString()]);
      }
      const day = deps.clock().toISOString().slice(0, 10);
      req.log.info({ userId: user.id }, 'subscribers exported');
      return reply
        .status(200)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    });
  };
}
