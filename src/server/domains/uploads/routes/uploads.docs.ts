import { AUDIO_UPLOAD_MAX_MB } from '../../../../shared/constants';
import { defaultErrorResponse, errorResponses } from '../../../web/openapi/responses';
import {
  binary,
  DATABASE_DOWN,
  partialContent,
  rangeHeaders,
  rangeParam,
  type PathItem,
} from '../../../web/http/docs-parts';

// The signed upload URL and the served images (uploads.ts). uploadURL points under /api, so
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
  413: `Larger than UPLOAD_MAX_BYTES (5 MB by default), or ${AUDIO_UPLOAD_MAX_MB} MB for audio`,
  415: 'Not a JPEG, PNG, GIF or WebP image, or for an audio link not MP3, M4A/AAC, OGG or WAV (judged from the bytes); for POST, not multipart/form-data',
  503: DATABASE_DOWN,
});
export const uploadDocs: Record<string, PathItem> = {
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
