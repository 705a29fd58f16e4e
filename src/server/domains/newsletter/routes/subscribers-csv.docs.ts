import {
  defaultErrorResponse,
  errorResponses,
  permissionExtensions,
  ROLE_REFUSED,
  SESSION_SECURITY,
  whoMayCall,
} from '../../../web/openapi/responses';
import { DATABASE_DOWN, type PathItem } from '../../../web/http/docs-parts';

// GET /api/admin/subscribers.csv (subscribers-csv.ts): the confirmed subscribers as CSV.
export const subscribersCsvDocs: Record<string, PathItem> = {
  '/admin/subscribers.csv': {
    get: {
      operationId: 'admin-subscribersCsv',
      tags: ['Admin'],
      summary: 'The confirmed newsletter subscribers as a CSV download',
      description:
        'Columns email, newsletter, confirmed_at (ISO 8601, UTC), one row per confirmed subscription, in the order they ' +
        'signed up; CRLF line ends (RFC 4180). A cell starting with = + - or @ is prefixed with an apostrophe so a ' +
        'spreadsheet never reads it as a formula. The bearer token or the session cookie. ' +
        whoMayCall('manageSubscribers'),
      security: SESSION_SECURITY,
      ...permissionExtensions('manageSubscribers'),
      responses: {
        '200': {
          description: 'The CSV file',
          headers: {
            'Content-Disposition': {
              description: 'A download with a dated file name',
              schema: { type: 'string' },
              example: 'attachment; filename="newsletter-subscribers-2025-10-31.csv"',
            },
          },
          content: {
            'text/csv': {
              schema: { type: 'string' },
              example:
                'email,newsletter,confirmed_at\r\njo.bloggs@example.co.uk,general,2025-10-31T16:00:00.000Z\r\n',
            },
          },
        },
        ...errorResponses({
          401: 'Not signed in, or the session has ended: send the bearer token or the session cookie',
          403: ROLE_REFUSED,
          503: DATABASE_DOWN,
        }),
        default: defaultErrorResponse,
      },
    },
  },
};
