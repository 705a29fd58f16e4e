import type { OpenAPIObject } from 'trpc-to-openapi';

/** One path of the OpenAPI document, as the plain routes' descriptions write it. */
export type PathItem = NonNullable<OpenAPIObject['paths']>[string];

// What the plain routes' descriptions (the *.docs.ts files beside them) have in common. A plain
// route is described by hand because no tRPC procedure stands behind it: with an operationId,
// `security`, and every status it can answer through errorResponses() (the one Error schema; the
// API tests check every answer against this document).

export const DATABASE_DOWN = 'The database is not answering; try again after Retry-After seconds.';
/** Binary bodies: any bytes (a schema of type string would make generated clients demand a string). */
export const binary = (description: string) => ({ description });

export const rangeHeaders = {
  'Accept-Ranges': {
    description: '`bytes` when ranges are supported (always for our own files)',
    schema: { type: 'string' },
    example: 'bytes',
  },
  'Content-Length': { description: 'Bytes in this answer', schema: { type: 'integer' }, example: 1024 },
} as const;

export const rangeParam = {
  name: 'Range',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  example: 'bytes=0-1023',
  description: 'One byte range (RFC 9110)',
} as const;

/** 206 with the asked-for bytes of a file of the given type. */
export const partialContent = (type: string) => ({
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
