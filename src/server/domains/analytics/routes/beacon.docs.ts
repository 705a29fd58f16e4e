import {
  PAGE_VIEW_BEACON_MAX_BYTES,
  PAGE_VIEW_BEACON_PATH,
  PAGE_VIEW_REFERRER_MAX_LENGTH,
  PAGE_VIEW_URL_MAX_LENGTH,
} from '../../../../shared/analytics.schema';
import type { PathItem } from '../../../web/http/docs-parts';
import { defaultErrorResponse, errorResponses } from '../../../web/openapi/responses';
import { MAX_BATCH } from '../recorder';

const BEACON_KB = `${PAGE_VIEW_BEACON_MAX_BYTES / 1024} KB`;

// The beacon's part of openapi/openapi.json (beacon.ts answers it).

export const beaconDocs: Record<string, PathItem> = {
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
};
