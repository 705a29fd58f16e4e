import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { validateSessionToken } from '../services/auth';
import { confirmedSubscribers } from '../services/newsletter';
import { readSessionToken } from '../trpc/context';
import { sendApiError } from './api-errors';

export const SUBSCRIBERS_CSV_PATH = '/api/admin/subscribers.csv';
export const SUBSCRIBERS_CSV_HEADER = ['email', 'newsletter', 'confirmed_at'] as const;

/**
 * One CSV cell. A cell that a spreadsheet would read as a formula (= + - @, or a leading tab or
 * carriage return) gets a leading apostrophe, so opening the export can never run anything; and
 * every cell is quoted (RFC 4180), so a spreadsheet whose locale separates fields with ';' cannot
 * split a value into a new cell that starts with '=' (issue 13.9).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

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
