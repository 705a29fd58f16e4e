import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  PAGE_VIEW_URL_MAX_LENGTH,
} from '../../../../shared/analytics.schema';
import type { PathItem } from '../../../web/http/docs-parts';
import {
  defaultErrorResponse,
  errorResponses,
  permissionExtensions,
  ROLE_REFUSED,
  SESSION_SECURITY,
  whoMayCall,
} from '../../../web/openapi/responses';

// The downloads' part of openapi/openapi.json (downloads.ts answers them).

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

export const downloadDocs: Record<string, PathItem> = {
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
        'conversions tables only by page or source. ' +
        whoMayCall('readFigures'),
      security: SESSION_SECURITY,
      ...permissionExtensions('readFigures'),
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
          403: ROLE_REFUSED,
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
        'under a filter other than page or source, the conversions tables are left out. ' +
        whoMayCall('readFigures'),
      security: SESSION_SECURITY,
      ...permissionExtensions('readFigures'),
      parameters: periodParameters,
      responses: {
        '200': {
          description: 'The ZIP file',
          content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
        },
        ...errorResponses({
          400: 'A bad period or filter',
          401: 'Not signed in, or the session has ended',
          403: ROLE_REFUSED,
        }),
        default: defaultErrorResponse,
      },
    },
  },
};
