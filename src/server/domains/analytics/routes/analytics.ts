import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';
import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_PERIODS,
  analyticsFilteredPeriodInputSchema,
  DEFAULT_ANALYTICS_PERIOD,
  CONVERSION_DIMENSIONS,
  CONVERSION_KINDS,
  PAGE_VIEW_BEACON_MAX_BYTES,
  PAGE_VIEW_BEACON_PATH,
  PAGE_VIEW_REFERRER_MAX_LENGTH,
  PAGE_VIEW_URL_MAX_LENGTH,
  type AnalyticsDimension,
  type ConversionKind,
} from '../../../../shared/analytics.schema';
import type { AppDeps } from '../../../deps';
import { defaultErrorResponse, errorResponses, SESSION_SECURITY } from '../../../web/openapi/responses';
import {
  breakdown,
  conversionsBy,
  conversionsFilterable,
  dailySeries,
  PeriodError,
  resolvePeriod,
  type Period,
} from '../dashboard';
import { countryName } from '../../../../shared/analytics';
import type { Filter } from '../filtered';
import { filterOf } from '../router';
import { DomainError } from '../../../platform/errors';
import { zipOf } from './zip';
import { MAX_BATCH } from '../recorder';
import { validateSessionToken } from '../../auth';
import { readSessionToken } from '../../../web/trpc/context';
import { sendApiError } from '../../../web/http/api-errors';
import { csvLine } from '../../../web/http/csv';
import {
  BEACON_CONTENT_TYPES,
  beaconOf,
  countView,
  NOT_A_BEACON,
  visitFrom,
  VIEWS_WAITING,
  VIEWS_WAITING_RETRY_AFTER,
} from './analytics-beacon';

type PathItem = NonNullable<OpenAPIObject['paths']>[string];
const BEACON_KB = `${PAGE_VIEW_BEACON_MAX_BYTES / 1024} KB`;

/**
 * POST /api/analytics/view, the page-view beacon: answers 202 before anything is written (the
 * recorder buffers views and writes them once a second), 400 for a body that is not a beacon.
 * Served from sockets, most beacons are answered before routing instead (analytics-beacon.ts);
 * this route answers the rest, the same way.
 */
export function analyticsRoutes(deps: AppDeps) {
  const signedIn = async (req: FastifyRequest) => {
    const { token } = readSessionToken(req, deps);
    return token !== null && (await validateSessionToken(deps, token)) !== null;
  };
  return async function analytics(app: FastifyInstance): Promise<void> {
    // Both of the beacon's types stay strings here.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      BEACON_CONTENT_TYPES,
      { parseAs: 'string', bodyLimit: PAGE_VIEW_BEACON_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );

    app.post(PAGE_VIEW_BEACON_PATH, { config: { keepsPublicReads: true } }, async (req, reply) => {
      await app.rateLimiters.pageView(req);
      const beacon = beaconOf(typeof req.body === 'string' ? req.body : '');
      if (!beacon) return sendApiError(reply, 400, NOT_A_BEACON);
      // The owner's own visits, signed in, are not the audience (a cookie only they have).
      if (await signedIn(req)) return reply.code(202).header('Cache-Control', 'no-store').send();
      if (countView(deps.analytics, visitFrom(req.ip, req.hostname, req.headers), beacon) === 'busy')
        return sendApiError(reply, 503, VIEWS_WAITING, { 'Retry-After': VIEWS_WAITING_RETRY_AFTER });
      return reply.code(202).header('Cache-Control', 'no-store').send();
    });

    /** The period and filter of an export's query, or the message of a 400. */
    const exportQuery = (query: unknown, now: Date): { period: Period; filter?: Filter } | string => {
      const input = analyticsFilteredPeriodInputSchema.safeParse(query);
      if (!input.success) return input.error.issues[0]?.message ?? 'Bad period';
      try {
        return {
          period: resolvePeriod(input.data.period, now, input.data).current,
          filter: filterOf(input.data),
        };
      } catch (error) {
        if (error instanceof PeriodError || error instanceof DomainError) return error.message;
        throw error;
      }
    };
    const noStore = { 'Cache-Control': 'no-store' };

    app.get<{ Params: { table: string }; Querystring: Record<string, string> }>(
      '/api/admin/analytics/csv/:table',
      async (req, reply) => {
        if (!(await signedIn(req))) return sendApiError(reply, 401, 'Please sign in to continue.', noStore);
        const table = req.params.table;
        if (!CSV_TABLES.includes(table))
          return sendApiError(reply, 404, `No such table; one of ${CSV_TABLES.join(', ')}.`);
        const now = deps.clock();
        const asked = exportQuery(req.query, now);
        if (typeof asked === 'string') return sendApiError(reply, 400, asked);
        const { period, filter } = asked;
        if (table.startsWith('conversions-') && !conversionsFilterable(filter))
          return sendApiError(reply, 400, `Conversions cannot be filtered by ${filter!.by}.`);
        const body = await csvOf(deps, table as CsvTable, period, now, filter);
        return reply
          .status(200)
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${csvName(table, period)}"`)
          .headers(noStore)
          .send(body);
      },
    );

    // Every table in one download: a ZIP of the CSV files above (conversions left out under a
    // filter they cannot answer), so a spreadsheet opens each table as it is.
    app.get<{ Querystring: Record<string, string> }>('/api/admin/analytics/export', async (req, reply) => {
      if (!(await signedIn(req))) return sendApiError(reply, 401, 'Please sign in to continue.', noStore);
      const now = deps.clock();
      const asked = exportQuery(req.query, now);
      if (typeof asked === 'string') return sendApiError(reply, 400, asked);
      const { period, filter } = asked;
      const tables = CSV_TABLES.filter((t) => !t.startsWith('conversions-') || conversionsFilterable(filter));
      const entries = [];
      for (const table of tables)
        entries.push({
          name: csvName(table, period),
          content: await csvOf(deps, table as CsvTable, period, now, filter),
        });
      return reply
        .status(200)
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="analytics-${period.from}-${period.to}.zip"`)
        .headers(noStore)
        .send(zipOf(entries, now));
    });
  };
}

const DIMENSION_TABLES = {
  pages: 'page',
  sources: 'source',
  campaigns: 'campaign',
  countries: 'country',
  devices: 'device',
  browsers: 'browser',
} as const satisfies Record<string, AnalyticsDimension>;
const CONVERSION_TABLES = CONVERSION_DIMENSIONS.map((by) => `conversions-by-${by}` as const);
const CSV_TABLES: string[] = ['daily', ...Object.keys(DIMENSION_TABLES), ...CONVERSION_TABLES];
type CsvTable = 'daily' | keyof typeof DIMENSION_TABLES | (typeof CONVERSION_TABLES)[number];
/** A conversions table's column of each kind. */
const CONVERSION_COLUMNS: Record<ConversionKind, string> = {
  newsletter_signup: 'newsletter_signups',
  enquiry: 'enquiries',
  workshop_reservation: 'workshop_reservations',
  checkout: 'checkouts',
};

const csvName = (table: string, period: Period) => `analytics-${table}-${period.from}-${period.to}.csv`;

async function csvOf(deps: AppDeps, table: CsvTable, period: Period, now: Date, filter?: Filter) {
  if (table === 'daily') {
    let body = csvLine(['day', 'visitors', 'page_views']);
    for (const d of await dailySeries(deps.db, period, now, filter))
      body += csvLine([d.day, String(d.visitors), String(d.pageViews)]);
    return body;
  }
  const pageSize = 1000;
  if (table.startsWith('conversions-by-')) {
    const by = CONVERSION_DIMENSIONS.find((d) => table === `conversions-by-${d}`)!;
    let body = csvLine([
      by,
      ...CONVERSION_KINDS.map((kind) => CONVERSION_COLUMNS[kind]),
      'total',
      'visitors',
      'conversion_rate',
    ]);
    for (let page = 1; ; page++) {
      const { items, total } = await conversionsBy(deps.db, by, period, now, { page, pageSize }, filter);
      for (const r of items)
        body += csvLine([
          r.value,
          ...[...CONVERSION_KINDS.map((kind) => r[kind]), r.total].map(String),
          r.visitors === null ? '' : String(r.visitors),
          r.conversionRate === null ? '' : String(r.conversionRate),
        ]);
      if (page * pageSize >= total) return body;
    }
  }
  const dimension = DIMENSION_TABLES[table as keyof typeof DIMENSION_TABLES];
  // A source's kind, and a country's name as the dashboard shows it (United Kingdom for GB).
  const label = { source: 'kind', country: 'country_name' } as Partial<Record<string, string>>;
  let body = csvLine([dimension, ...(label[dimension] ? [label[dimension]] : []), 'visitors', 'page_views']);
  const labelOf = (r: { value: string; kind?: string }) =>
    dimension === 'source' ? [r.kind ?? ''] : dimension === 'country' ? [countryName(r.value)] : [];
  for (let page = 1; ; page++) {
    const { items, total } = await breakdown(deps.db, dimension, period, now, { page, pageSize }, filter);
    for (const r of items) body += csvLine([r.value, ...labelOf(r), String(r.visitors), String(r.pageViews)]);
    if (page * pageSize >= total) return body;
  }
}

const periodParameters: NonNullable<NonNullable<PathItem['get']>['parameters']> = [
  {
    name: 'period',
    in: 'query',
    required: false,
    schema: { type: 'string', enum: [...ANALYTICS_PERIODS], default: DEFAULT_ANALYTICS_PERIOD },
  },
  {
    name: 'from',
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date' },
    description: 'First day of a custom period',
  },
  {
    name: 'to',
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date' },
    description: 'Last day of a custom period',
  },
  {
    name: 'filterBy',
    in: 'query',
    required: false,
    schema: { type: 'string', enum: [...ANALYTICS_DIMENSIONS] },
    description:
      'With filterValue: the figures of the visitors with a view of that page, from that source and so on',
  },
  {
    name: 'filterValue',
    in: 'query',
    required: false,
    schema: { type: 'string', maxLength: PAGE_VIEW_URL_MAX_LENGTH },
  },
];

export const analyticsRouteDocs: Record<string, PathItem> = {
  [PAGE_VIEW_BEACON_PATH.replace(/^\/api/, '')]: {
    post: {
      operationId: 'analytics-pageView',
      security: [],
      tags: ['Analytics'],
      summary: 'Counts a page view (the pages send it with navigator.sendBeacon)',
      description:
        `Body: JSON as text/plain or application/json, at most ${BEACON_KB}: u, the path and query of the page; r, ` +
        'document.referrer on the first page of a visit; w, the window width. Answers 202 at once: views are ' +
        'written in batches once a second (docs/decisions/0016-analytics-without-cookies.md); while a batch ' +
        `(${MAX_BATCH.toLocaleString('en-GB')} views) is waiting to be written, further beacons are answered 503 with Retry-After instead. No cookie is read or ` +
        'set; the visitor is a hash of address and browser under a salt that lives one day, and the address is used ' +
        'for the country, never stored. Bots (the isbot list), prefetches, the admin pages and a signed-in ' +
        "admin's own views (the session cookie) are not counted.",
      requestBody: {
        required: true,
        content: {
          'text/plain': {
            schema: { type: 'string' },
            example: '{"u":"/blog?utm_source=newsletter","r":"https://www.google.com/","w":390}',
          },
          'application/json': {
            schema: {
              type: 'object',
              required: ['u'],
              properties: {
                u: { type: 'string', maxLength: PAGE_VIEW_URL_MAX_LENGTH, example: '/blog' },
                r: { type: ['string', 'null'], maxLength: PAGE_VIEW_REFERRER_MAX_LENGTH },
                w: { type: ['integer', 'null'], minimum: 0 },
              },
            },
          },
        },
      },
      responses: {
        '202': { description: 'Accepted (counted unless it was a bot or a prefetch)' },
        ...errorResponses({
          400: 'The body is not a beacon',
          413: `The body is over ${BEACON_KB}`,
          415: 'Not text/plain or application/json',
          429: 'Too many beacons from this address; wait Retry-After seconds',
          503: 'A batch of page views is already waiting to be written (the most a crash may lose); try again after Retry-After seconds',
        }),
        default: defaultErrorResponse,
      },
    },
  },
  '/admin/analytics/csv/{table}': {
    get: {
      operationId: 'analytics-csv',
      tags: ['Analytics'],
      summary: 'One of the analytics tables as a CSV download, over a period',
      description:
        'table is daily, pages, sources, campaigns, countries, devices, browsers, conversions-by-source or ' +
        'conversions-by-page; every row of the period, most visitors first; CRLF ' +
        'line ends; a cell starting with = + - or @ gets a leading apostrophe. countries carry country_name ' +
        '(United Kingdom for GB) beside the code. Under a filter, as GET /admin/analytics/breakdown; the ' +
        'conversions tables only by page or source. Admin-only.',
      security: SESSION_SECURITY,
      parameters: [
        { name: 'table', in: 'path', required: true, schema: { type: 'string' }, example: 'pages' },
        ...periodParameters,
      ],
      responses: {
        '200': {
          description: 'The CSV file',
          content: {
            'text/csv': {
              schema: { type: 'string' },
              example: '"page","visitors","page_views"\r\n"/","12","20"\r\n',
            },
          },
        },
        ...errorResponses({
          400: 'A bad period',
          401: 'Not signed in, or the session has ended',
          404: 'No such table',
        }),
        default: defaultErrorResponse,
      },
    },
  },
  '/admin/analytics/export': {
    get: {
      operationId: 'analytics-export',
      tags: ['Analytics'],
      summary: 'Every analytics table over a period as one ZIP of CSV files',
      description:
        'The files of GET /admin/analytics/csv/{table}, one a table, named analytics-{table}-{from}-{to}.csv; ' +
        'under a filter other than page or source, the conversions tables are left out. Admin-only.',
      security: SESSION_SECURITY,
      parameters: periodParameters,
      responses: {
        '200': {
          description: 'The ZIP file',
          content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
        },
        ...errorResponses({ 400: 'A bad period or filter', 401: 'Not signed in, or the session has ended' }),
        default: defaultErrorResponse,
      },
    },
  },
};
