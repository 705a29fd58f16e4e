import type { OpenAPIObject } from 'trpc-to-openapi';

type PathItem = NonNullable<OpenAPIObject['paths']>[string];

// The plain Fastify routes, described by hand because no tRPC procedure stands behind them.
// Each feature that adds a plain route adds its description here.
const webhookMessageSchema = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } as const;

// GET /api/audio-proxy/{id} (http/audio-proxy.ts): an episode's audio through our own origin.
const audioProxyDocs: Record<string, PathItem> = {
  '/audio-proxy/{id}': {
    get: {
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
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, description: 'Episode id from GET /api/podcasts' },
        { name: 'Range', in: 'header', required: false, schema: { type: 'string', example: 'bytes=0-1023' } },
      ],
      responses: {
        '200': { description: 'The whole audio file', content: { 'audio/*': { schema: { type: 'string', format: 'binary' } } } },
        '206': { description: 'The requested byte range', content: { 'audio/*': { schema: { type: 'string', format: 'binary' } } } },
        '400': { description: 'The id is not a whole number', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } } },
        '404': { description: 'No such episode, or it has no playable audio', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } } },
        '416': { description: 'The range lies outside the file' },
        '429': { description: 'Too many requests from this address (600 per 10 minutes)', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } } },
        '502': { description: 'The audio host failed, answered with an error, or is at an address this site does not fetch from', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } } },
        '504': { description: 'The audio host did not answer in time', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } } },
      },
    },
  },
};

// The signed upload URL and the served images (http/uploads.ts). They live outside /api, at the
// site's root, so the path item overrides the document's /api server.
const uploadJsonError = { content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } } };
const uploadParams = [
  { name: 'name', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z2-7]{32}$' }, description: 'The last path segment of the uploadURL' },
  { name: 'expires', in: 'query', required: true, schema: { type: 'string' }, description: 'From the uploadURL' },
  { name: 'signature', in: 'query', required: true, schema: { type: 'string' }, description: 'From the uploadURL' },
] as const;
const storedImage = {
  description: 'Stored; the image is now served at objectPath',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          objectPath: { type: 'string', example: '/objects/uploads/abcdefghijklmnopqrstuvwxyz234567' },
          contentType: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] },
          size: { type: 'integer' },
          width: { type: 'integer', nullable: true },
          height: { type: 'integer', nullable: true },
        },
        required: ['objectPath', 'contentType', 'size'],
      },
    },
  },
};
const uploadErrorResponses = {
  '400': { description: 'No file, or the transfer broke off', ...uploadJsonError },
  '403': { description: 'The link is invalid, expired or already used', ...uploadJsonError },
  '413': { description: 'Larger than UPLOAD_MAX_BYTES (5 MB by default)', ...uploadJsonError },
  '415': { description: 'Not a JPEG, PNG, GIF or WebP image (judged from its bytes)', ...uploadJsonError },
};
const uploadDocs: Record<string, PathItem> = {
  '/objects/uploads/{name}': {
    servers: [{ url: '/' }],
    put: {
      tags: ['Admin'],
      summary: 'Stores an image at a signed uploadURL from POST /api/objects/upload',
      description:
        'Authorised by the signed, single-use link itself (15 minutes), not by a session. The body is the file. ' +
        'Nothing is stored when the file is refused or the transfer breaks off; the link is then used up.',
      security: [],
      parameters: [...uploadParams],
      requestBody: { required: true, content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
      responses: { '200': storedImage, ...uploadErrorResponses },
    },
    post: {
      tags: ['Admin'],
      summary: 'The same as PUT, for clients that send multipart/form-data (one file, field `file`)',
      security: [],
      parameters: [...uploadParams],
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
      },
      responses: { '200': storedImage, ...uploadErrorResponses },
    },
    get: {
      tags: ['Blog'],
      summary: 'A stored image, with its real content type, nosniff and a one-year cache',
      description: 'With w, a WebP copy at most that wide (made on first request), so a page can fetch the size it shows.',
      security: [],
      parameters: [
        uploadParams[0],
        { name: 'w', in: 'query', required: false, schema: { type: 'integer', enum: [320, 640, 960, 1280] }, description: 'Width in pixels' },
      ],
      responses: {
        '200': { description: 'The image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
        '400': { description: 'w is not one of the offered widths', ...uploadJsonError },
        '404': { description: 'No such image', ...uploadJsonError },
      },
    },
  },
};

// GET /api/admin/subscribers.csv (http/subscribers-csv.ts): the confirmed subscribers as CSV.
const subscribersCsvDocs: Record<string, PathItem> = {
  '/admin/subscribers.csv': {
    get: {
      tags: ['Admin'],
      summary: 'The confirmed newsletter subscribers as a CSV download',
      description:
        'Columns email, newsletter, confirmed_at (ISO 8601, UTC), one row per confirmed subscription, in the order they ' +
        'signed up; CRLF line ends (RFC 4180). A cell starting with = + - or @ is prefixed with an apostrophe so a ' +
        'spreadsheet never reads it as a formula. Admin-only: the bearer token or the session cookie.',
      security: [{ bearerAuth: [] }],
      responses: {
        '200': { description: 'The CSV file (Content-Disposition: attachment)', content: { 'text/csv': { schema: { type: 'string' } } } },
        '401': { description: 'Not signed in', content: { 'application/json': { schema: webhookMessageSchema } } },
      },
    },
  },
};

export const plainRouteDocs: Record<string, PathItem> = {
  ...audioProxyDocs,
  ...uploadDocs,
  ...subscribersCsvDocs,
  '/stripe/webhook': {
    post: {
      tags: ['Academy'],
      summary: 'Stripe webhook: records academy subscriptions',
      description:
        'Called by Stripe, not by browsers. The Stripe-Signature header is verified against the raw body with ' +
        'STRIPE_WEBHOOK_SECRET. checkout.session.completed, customer.subscription.updated and ' +
        'customer.subscription.deleted are recorded; other events are acknowledged and ignored. ' +
        'An event delivered twice changes nothing the second time, and a subscription event older than the last one applied ' +
        'is acknowledged as outdated.',
      parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A Stripe Event object' } } } },
      responses: {
        '200': {
          description: 'Event accepted',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { received: { type: 'boolean' }, outcome: { type: 'string', enum: ['recorded', 'duplicate', 'outdated', 'ignored'] } },
                required: ['received', 'outcome'],
              },
            },
          },
        },
        '400': { description: 'Missing or invalid signature; nothing is changed', content: { 'application/json': { schema: webhookMessageSchema } } },
        '503': { description: 'Webhooks are not configured on this server', content: { 'application/json': { schema: webhookMessageSchema } } },
      },
    },
  },
};
