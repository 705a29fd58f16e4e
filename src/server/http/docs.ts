import type { OpenAPIObject } from 'trpc-to-openapi';
import { defaultErrorResponse, errorResponses, SESSION_SECURITY } from '../openapi/responses';
import { AUDIO_PROXY_RATE_LIMIT } from './audio-proxy';
import { readinessDocs } from './readiness';
import { analyticsRouteDocs } from './routes/analytics';

type PathItem = NonNullable<OpenAPIObject['paths']>[string];

// The plain Fastify routes, described by hand because no tRPC procedure stands behind them. Each
// feature that adds a plain route adds its description here, with an operationId, `security`, and
// every status it can answer through errorResponses() (the one Error schema; the API tests check
// every answer against this document).

const DATABASE_DOWN = 'The database is not answering; try again after Retry-After seconds.';
/** Binary bodies: any bytes (a schema of type string would make generated clients demand a string). */
const binary = (description: string) => ({ description });

const rangeHeaders = {
  'Accept-Ranges': {
    description: '`bytes` when ranges are supported (always for our own files)',
    schema: { type: 'string' },
    example: 'bytes',
  },
  'Content-Length': { description: 'Bytes in this answer', schema: { type: 'integer' }, example: 1024 },
} as const;

const rangeParam = {
  name: 'Range',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  example: 'bytes=0-1023',
  description: 'One byte range (RFC 9110)',
} as const;

/** 206 with the asked-for bytes of a file of the given type. */
const partialContent = (type: string) => ({
  description: 'The requested byte range',
  headers: {
    ...rangeHeaders,
    'Content-Range': {
      description: 'Which bytes of the whole file this is',
      required: true,
      schema: { type: 'string' },
      example: 'bytes 0-1023/48213',
    },
  },
  content: { [type]: { schema: binary('The requested bytes') } },
});

// GET /api/audio-proxy/{id} (http/audio-proxy.ts): an episode's audio through our own origin.
const audioProxyDocs: Record<string, PathItem> = {
  '/audio-proxy/{id}': {
    get: {
      operationId: 'podcasts-audio',
      tags: ['Podcasts'],
      summary: "Streams an episode's audio through this site, with Range support for seeking",
      description:
        'Fetches only the stored audioUrl of a known episode, over http or https (our own sample files are served ' +
        'directly). A Range header is forwarded; the answer is 200 with the whole file or 206 with the asked-for ' +
        'bytes, with Content-Type, Content-Length, Content-Range and Accept-Ranges. The body is streamed, not ' +
        'buffered. Only public addresses are fetched, on the first request and on every redirect (at most 5); ' +
        'an address that is loopback, private, link-local, unique-local, CGNAT or cloud metadata gives 502. The ' +
        "answer is always audio: an upstream audio/* type is kept, anything else becomes the file extension's " +
        "audio type (audio/mpeg by default), with nosniff, Content-Security-Policy: default-src 'none'; sandbox " +
        'and Content-Disposition: inline with a plain file name. An audio host that fails gives 502, one that does ' +
        'not answer within PODCAST_PROXY_TIMEOUT_MS (10 s by default) gives 504.',
      security: [],
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          schema: { type: 'integer', minimum: 1 },
          description: 'Episode id from GET /api/podcasts',
          example: 1,
        },
        rangeParam,
      ],
      responses: {
        '200': {
          description: 'The whole audio file',
          headers: rangeHeaders,
          content: { 'audio/*': { schema: binary('The audio bytes') } },
        },
        '206': partialContent('audio/*'),
        ...errorResponses({
          400: 'The id is not a whole number',
          404: 'No such episode, or it has no playable audio',
          416: 'The range lies outside the file (Content-Range gives its size)',
          429: `More than ${AUDIO_PROXY_RATE_LIMIT.max} requests from one address in ${AUDIO_PROXY_RATE_LIMIT.windowMs / 60_000} minutes; wait Retry-After seconds`,
          502: 'The audio host failed, answered with an error, or is at an address this site does not fetch from',
          503: DATABASE_DOWN,
          504: 'The audio host did not answer in time',
        }),
        default: defaultErrorResponse,
      },
    },
  },
};

// The signed upload URL and the served images (http/uploads.ts). uploadURL points under /api, so
// a client generated from this document reaches it; the same routes answer at the site's root
// /objects/uploads/{name} too, where the images are served to pages and where older links point.
const uploadParams = [
  {
    name: 'name',
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: '^[a-z2-7]{32}$' },
    description: 'The last path segment of the uploadURL',
    example: 'abcdefghijklmnopqrstuvwxyz234567',
  },
  {
    name: 'expires',
    in: 'query',
    required: true,
    schema: { type: 'string' },
    description: 'From the uploadURL',
    example: '1767225600',
  },
  {
    name: 'signature',
    in: 'query',
    required: true,
    schema: { type: 'string' },
    description: 'From the uploadURL',
    example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  },
  {
    name: 'kind',
    in: 'query',
    required: false,
    schema: { type: 'string', pattern: '^audio$' },
    description:
      "From the uploadURL of an audio link (POST /objects/upload with kind audio): a podcast episode's audio",
    example: 'audio',
  },
  {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    schema: { type: 'string', maxLength: 255 },
    description:
      'Makes a retry safe: a new unique value (a UUID) per upload. Repeating a stored upload with the same key within 24 hours ' +
      'answers what the first answered (with Idempotent-Replayed: true) instead of refusing the used link; the repeated body is not read.',
    example: '5f0c7a52-6f1e-4c2b-9a39-1d3b1c2f7e8a',
  },
] as const;
const storedImage = {
  description: 'Stored; the image is now served at objectPath',
  headers: {
    'Idempotent-Replayed': {
      description: 'true when this is the answer kept for an earlier upload with the same Idempotency-Key.',
      schema: { type: 'string', enum: ['true'] },
    },
  },
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          objectPath: {
            type: 'string',
            description:
              "Where the file is served (the value for a post's imageUrl, or an episode's audioUrl)",
          },
          contentType: {
            type: 'string',
            enum: [
              'image/jpeg',
              'image/png',
              'image/gif',
              'image/webp',
              'audio/mpeg',
              'audio/mp4',
              'audio/aac',
              'audio/ogg',
              'audio/wav',
            ],
          },
          size: { type: 'integer', description: 'Bytes stored' },
          width: { type: ['integer', 'null'], description: 'Pixels, when known' },
          height: { type: ['integer', 'null'], description: 'Pixels, when known' },
        },
        required: ['objectPath', 'contentType', 'size', 'width', 'height'],
      },
      example: {
        objectPath: '/objects/uploads/abcdefghijklmnopqrstuvwxyz234567',
        contentType: 'image/png',
        size: 48213,
        width: 1200,
        height: 800,
      },
    },
  },
};
const uploadErrors = errorResponses({
  400: [
    'No file was sent, or the transfer broke off',
    'The body of a multipart POST cannot be read',
    'The Idempotency-Key is not 1 to 255 visible ASCII characters',
  ],
  403: 'The link is invalid, expired or already used',
  404: 'The name is far too long to be one of ours',
  413: 'Larger than UPLOAD_MAX_BYTES (5 MB by default), or 200 MB for audio',
  415: 'Not a JPEG, PNG, GIF or WebP image, or for an audio link not MP3, M4A/AAC, OGG or WAV (judged from the bytes); for POST, not multipart/form-data',
  503: DATABASE_DOWN,
});
const uploadDocs: Record<string, PathItem> = {
  '/objects/uploads/{name}': {
    put: {
      operationId: 'uploads-put',
      tags: ['Admin'],
      summary: 'Stores an image at a signed uploadURL from POST /api/objects/upload',
      description:
        'Authorised by the signed, single-use link itself (15 minutes), not by a session: use the uploadURL as given. ' +
        'The body is the file, with its content type. Nothing is stored when the file is refused or the transfer breaks ' +
        'off; the link is then used up. The same upload is accepted at /objects/uploads/{name} on the site root.',
      security: [],
      parameters: [...uploadParams],
      requestBody: {
        required: true,
        content: {
          'image/*': { schema: binary('The image file') },
          'audio/*': { schema: binary('The audio file, for a link of kind audio') },
        },
      },
      responses: { '200': storedImage, ...uploadErrors, default: defaultErrorResponse },
    },
    post: {
      operationId: 'uploads-post',
      tags: ['Admin'],
      summary: 'The same as PUT, for clients that send multipart/form-data (one file, field `file`)',
      security: [],
      parameters: [...uploadParams],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: binary('The image file') }, required: ['file'] },
          },
        },
      },
      responses: { '200': storedImage, ...uploadErrors, default: defaultErrorResponse },
    },
    get: {
      operationId: 'uploads-get',
      tags: ['Blog'],
      summary: 'A stored image (or audio file), with its real content type, nosniff and a one-year cache',
      description:
        'Pages use the same image at objectPath, /objects/uploads/{name} on the site root. With w, a WebP copy at most ' +
        'that wide (made at upload), so a page can fetch the size it shows. Streamed from the storage (the local ' +
        'folder, or the S3 bucket with S3_BUCKET); one Range is answered with 206 and the asked-for bytes.',
      security: [],
      parameters: [
        uploadParams[0],
        {
          name: 'w',
          in: 'query',
          required: false,
          schema: { type: 'integer', enum: [320, 640, 960, 1280] },
          description: 'Width in pixels',
          example: 640,
        },
        rangeParam,
      ],
      responses: {
        '200': {
          description: 'The image, or an uploaded audio file (players use GET /api/audio-proxy/{id})',
          headers: rangeHeaders,
          content: {
            'image/*': { schema: binary('The image bytes') },
            'audio/*': { schema: binary('The audio bytes') },
          },
        },
        '206': {
          ...partialContent('image/*'),
          content: {
            'image/*': { schema: binary('Part of the image') },
            'audio/*': { schema: binary('Part of the audio') },
          },
        },
        ...errorResponses({
          400: 'w is not one of the offered widths',
          404: 'No such image',
          416: 'The range lies outside the file (Content-Range gives its size)',
          503: DATABASE_DOWN,
        }),
        default: defaultErrorResponse,
      },
    },
  },
};

// GET /api/admin/subscribers.csv (http/subscribers-csv.ts): the confirmed subscribers as CSV.
const subscribersCsvDocs: Record<string, PathItem> = {
  '/admin/subscribers.csv': {
    get: {
      operationId: 'admin-subscribersCsv',
      tags: ['Admin'],
      summary: 'The confirmed newsletter subscribers as a CSV download',
      description:
        'Columns email, newsletter, confirmed_at (ISO 8601, UTC), one row per confirmed subscription, in the order they ' +
        'signed up; CRLF line ends (RFC 4180). A cell starting with = + - or @ is prefixed with an apostrophe so a ' +
        'spreadsheet never reads it as a formula. Admin-only: the bearer token or the session cookie.',
      security: SESSION_SECURITY,
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
          503: DATABASE_DOWN,
        }),
        default: defaultErrorResponse,
      },
    },
  },
};

// POST /api/newsletter/one-click-unsubscribe (http/newsletter-unsubscribe.ts): RFC 8058.
const oneClickDocs: Record<string, PathItem> = {
  '/newsletter/one-click-unsubscribe': {
    post: {
      operationId: 'newsletter-oneClickUnsubscribe',
      tags: ['Newsletter'],
      summary: 'One-click unsubscribe (RFC 8058): the List-Unsubscribe address of every newsletter e-mail',
      description:
        'Called by mail providers, with the form body List-Unsubscribe=One-Click (any body, or none, is accepted). ' +
        'No sign-in and no confirmation: the signed token names the subscriber, whose address is deleted at once; ' +
        'no further copy is sent to it, including the rest of a send in progress.',
      security: [],
      parameters: [
        {
          name: 'token',
          in: 'query',
          required: true,
          schema: { type: 'string', minLength: 20, maxLength: 200 },
          example: 'n42.Qm9vZ2llV29vZ2llQm9vZ2llV29vZ2llQm9vZ2llV29v',
        },
      ],
      requestBody: {
        required: false,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
            },
            example: { 'List-Unsubscribe': 'One-Click' },
          },
        },
      },
      responses: {
        '200': {
          description: 'Unsubscribed: the address has been deleted',
          content: {
            'text/plain': {
              schema: { type: 'string' },
              example: 'You have been unsubscribed and your address has been deleted. Sorry to see you go!',
            },
          },
        },
        ...errorResponses({
          400: 'The token is missing or malformed',
          404: 'The link has already been used, or the address is no longer on our list',
          429: 'Too many requests from this address; try again later',
          503: DATABASE_DOWN,
        }),
        default: defaultErrorResponse,
      },
    },
  },
};

const webhookDocs: Record<string, PathItem> = {
  '/stripe/webhook': {
    post: {
      operationId: 'academy-stripeWebhook',
      tags: ['Academy'],
      summary: 'Stripe webhook: records academy subscriptions',
      description:
        'Called by Stripe, not by browsers; authorised by the Stripe-Signature header, verified against the raw body with ' +
        'STRIPE_WEBHOOK_SECRET. checkout.session.completed, customer.subscription.updated and ' +
        'customer.subscription.deleted are recorded; other events are acknowledged and ignored. ' +
        'An event delivered twice changes nothing the second time, and a subscription event older than the last one applied ' +
        'is acknowledged as outdated.',
      security: [],
      parameters: [
        {
          name: 'Stripe-Signature',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          example: 't=1761926400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              description: 'A Stripe Event object (https://docs.stripe.com/api/events/object)',
              properties: {
                id: { type: 'string' },
                type: { type: 'string' },
                created: { type: 'integer' },
                data: {
                  type: 'object',
                  properties: { object: { type: 'object', additionalProperties: true } },
                  additionalProperties: true,
                },
              },
              required: ['id', 'type', 'data'],
              additionalProperties: true,
            },
            example: {
              id: 'evt_1QAbCdEfGhIjKlMn',
              object: 'event',
              type: 'checkout.session.completed',
              created: 1761926400,
              data: {
                object: {
                  id: 'cs_test_a1B2c3',
                  object: 'checkout.session',
                  mode: 'subscription',
                  subscription: 'sub_1QAbCd',
                  metadata: { plan: 'innovator' },
                },
              },
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'Event accepted',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  received: { type: 'boolean' },
                  outcome: { type: 'string', enum: ['recorded', 'duplicate', 'outdated', 'ignored'] },
                },
                required: ['received', 'outcome'],
              },
              example: { received: true, outcome: 'recorded' },
            },
          },
        },
        ...errorResponses({
          400: ['Missing or invalid signature; nothing is changed', 'The body is not valid JSON'],
          413: 'The body is larger than 512 KB',
          415: 'The body is not JSON: send Content-Type: application/json',
          503: ['Webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET)', DATABASE_DOWN],
        }),
        default: defaultErrorResponse,
      },
    },
  },
};

// The API's own description (app.ts).
const documentDocs: Record<string, PathItem> = {
  '/openapi.json': {
    get: {
      operationId: 'system-openapi',
      tags: ['System'],
      summary: 'This OpenAPI 3.1 document',
      security: [],
      responses: {
        '200': {
          description: 'The document',
          content: {
            'application/json': {
              schema: { type: 'object', additionalProperties: true },
              example: { openapi: '3.1.0', info: { title: 'Herts Local Media API', version: '1.0.0' } },
            },
          },
        },
        default: defaultErrorResponse,
      },
    },
  },
  '/docs': {
    get: {
      operationId: 'system-docs',
      tags: ['System'],
      summary: 'This document as a browsable reference page',
      security: [],
      responses: {
        '200': {
          description: 'An HTML page',
          content: { 'text/html': { schema: { type: 'string' }, example: '<!doctype html>...' } },
        },
        default: defaultErrorResponse,
      },
    },
  },
};

export const plainRouteDocs: Record<string, PathItem> = {
  ...audioProxyDocs,
  ...uploadDocs,
  ...subscribersCsvDocs,
  ...oneClickDocs,
  ...webhookDocs,
  ...documentDocs,
  ...readinessDocs,
  ...analyticsRouteDocs,
};
