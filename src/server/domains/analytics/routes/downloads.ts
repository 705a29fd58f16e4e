import type { FastifyInstance, FastifyReply } from 'fastify';
import { analyticsFilteredPeriodInputSchema } from '../../../../shared/analytics.schema';
import type { AppDeps } from '../../../deps';
import { DomainError } from '../../../platform/errors';
import {
  archiveFileName,
  checkFilterable,
  DOWNLOAD_TABLES,
  isDownloadTable,
  tableFileName,
  tableRows,
  tablesUnder,
  type DownloadTable,
} from '../downloads';
import type { Filters } from '../filtered';
import { askedPeriods, type Period } from '../periods';
import { zipOf } from './zip';
import { admitStaff } from '../../../web/http/admin-guard';
import { sendApiError } from '../../../web/http/api-errors';
import { csvLine } from '../../../web/http/csv';

const noStore = { 'Cache-Control': 'no-store' };

/**
 * GET /api/admin/analytics/csv/:table, one of the owner's tables as a CSV file, and
 * GET /api/admin/analytics/export, every table in one ZIP of those files (conversions left out under
 * filters they cannot answer), so a spreadsheet opens each table as it is. For the roles that read the figures.
 */
export function downloadRoutes(deps: AppDeps) {
  return async function downloads(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { table: string }; Querystring: Record<string, string> }>(
      '/api/admin/analytics/csv/:table',
      async (req, reply) => {
        if (!(await admitStaff(req, reply, deps, 'readFigures'))) return reply;
        const table = req.params.table;
        if (!isDownloadTable(table))
          return sendApiError(reply, 404, `No such table; one of ${DOWNLOAD_TABLES.join(', ')}.`);
        const now = deps.clock();
        const asked = askedOr400(reply, req.query, now, (filters) => checkFilterable(table, filters));
        if (!asked) return reply;
        const { period, filters } = asked;
        return reply
          .status(200)
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${tableFileName(table, period)}"`)
          .headers(noStore)
          .send(await csvOf(deps, table, period, now, filters));
      },
    );

    app.get<{ Querystring: Record<string, string> }>('/api/admin/analytics/export', async (req, reply) => {
      if (!(await admitStaff(req, reply, deps, 'readFigures'))) return reply;
      const now = deps.clock();
      const asked = askedOr400(reply, req.query, now);
      if (!asked) return reply;
      const { period, filters } = asked;
      const entries = [];
      for (const table of tablesUnder(filters))
        entries.push({
          name: tableFileName(table, period),
          content: await csvOf(deps, table, period, now, filters),
        });
      return reply
        .status(200)
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${archiveFileName(period)}"`)
        .headers(noStore)
        .send(zipOf(entries, now));
    });
  };
}

/** The period and filters of a download's query, or null once a bad one is answered 400. */
function askedOr400(
  reply: FastifyReply,
  query: unknown,
  now: Date,
  check?: (filters: Filters | undefined) => void,
): { period: Period; filters?: Filters } | null {
  const input = analyticsFilteredPeriodInputSchema.safeParse(query);
  if (!input.success) {
    void sendApiError(reply, 400, input.error.issues[0]?.message ?? 'Bad period');
    return null;
  }
  try {
    const { current, filters } = askedPeriods(input.data, now);
    check?.(filters);
    return { period: current, filters };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    void sendApiError(reply, 400, error.message);
    return null;
  }
}

async function csvOf(deps: AppDeps, table: DownloadTable, period: Period, now: Date, filters?: Filters) {
  let body = '';
  await tableRows(deps.db, table, period, now, filters, (cells) => (body += csvLine(cells)));
  return body;
}
