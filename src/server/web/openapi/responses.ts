import type { OpenAPIObject } from 'trpc-to-openapi';
import type { DeclaredResponse } from '../trpc/responses';
import { errorCodeFor } from '../http/api-errors';
import { JSON_BODY_LIMIT_BYTES } from '../http/limits';
import { PERMISSIONS, rolesThatCan, type Permission } from '../../../shared/staff';

// The error responses of openapi.json: one Error schema, and per operation one response per status
// it can answer, whose description lists that operation's own causes. The causes come from the
// procedure's meta, its middleware (trpc/responses.ts) and the HTTP layers below.

type JsonObject = Record<string, unknown>;
type PathItem = NonNullable<OpenAPIObject['paths']>[string];
export type OperationObject = NonNullable<PathItem['get']>;
export type ResponseObject = Extract<
  NonNullable<OperationObject['responses']>[string],
  { description: string }
>;
export type SecurityRequirements = NonNullable<OperationObject['security']>;

/** bearer header or session cookie: the same session token either way. */
export const SESSION_SECURITY: SecurityRequirements = [{ bearerAuth: [] }, { sessionCookie: [] }];

/** The sentence every staff operation's description ends with: who may call it. */
export function whoMayCall(permission: Permission): string {
  return permission === 'signedIn'
    ? '**Who may call it:** any signed-in member of staff.'
    : `**Who may call it:** ${rolesThatCan(permission)} (${PERMISSIONS[permission].allows}).`;
}

/** The extension fields a staff operation carries: its permission and the roles that hold it. */
export function permissionExtensions(permission: Permission): {
  'x-permission': string;
  'x-roles': string[];
} {
  return { 'x-permission': permission, 'x-roles': [...PERMISSIONS[permission].roles] };
}

/** The 403 of a staff operation, to a caller whose role lacks its permission. */
export const ROLE_REFUSED = 'Your role may not do this.';

export const ERROR_SCHEMA_NAME = 'Error';
export const errorSchemaRef = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } as const;

/** components.schemas.Error: the one error shape (src/server/web/http/api-errors.ts). */
export const errorSchema: JsonObject = {
  type: 'object',
  description:
    'Every error this API answers, from every layer. `message` is readable and may be shown to people as it is; ' +
    '`code` names the status in words; `issues` (validation errors only) lists each field at fault.',
  properties: {
    message: {
      type: 'string',
      description:
        "What went wrong, in words for people. A validation error starts with the first field at fault: 'email: ...'.",
    },
    code: {
      type: 'string',
      description:
        'The status as a word (the codes tRPC uses): BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, METHOD_NOT_SUPPORTED, ' +
        'CONFLICT, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, RANGE_NOT_SATISFIABLE, UNPROCESSABLE_CONTENT, TOO_MANY_REQUESTS, ' +
        'INTERNAL_SERVER_ERROR, BAD_GATEWAY, SERVICE_UNAVAILABLE, GATEWAY_TIMEOUT.',
    },
    issues: {
      type: 'array',
      description: 'Each problem with the input, in order (validation errors only).',
      items: {
        type: 'object',
        properties: {
          path: {
            type: 'string',
            description:
              "The field at fault, a dot-separated path into the input ('details.childAge'); '' for the input as a whole.",
          },
          message: { type: 'string', description: 'What is wrong with it, for people.' },
          code: {
            type: 'string',
            description:
              'The kind of problem: invalid_type, too_small, too_big, invalid_format, invalid_value, custom...',
          },
        },
        required: ['path', 'message', 'code'],
        additionalProperties: false,
      },
    },
  },
  required: ['message', 'code'],
  additionalProperties: false,
  example: {
    message: 'email: Please enter a valid email address',
    code: 'BAD_REQUEST',
    issues: [{ path: 'email', message: 'Please enter a valid email address', code: 'invalid_format' }],
  },
};

const retryAfter = (required: boolean) => ({
  description: 'How many seconds to wait before trying again.',
  required,
  schema: { type: 'integer', minimum: 0 },
  example: 60,
});

/** Headers that go with a status wherever it is answered. */
const STATUS_HEADERS: Record<number, JsonObject> = {
  429: { 'Retry-After': retryAfter(true) },
  503: { 'Retry-After': retryAfter(false) },
};

const EXAMPLE_MESSAGES: Record<number, string> = {
  400: 'title: Title is required',
  401: 'Please sign in to continue.',
  403: 'Cross-site requests are not allowed.',
  404: 'Not found',
  409: 'That e-mail address is already used by another admin.',
  413: 'Request body is too large',
  415: 'Send the request body as JSON, with Content-Type: application/json.',
  416: 'Range not satisfiable',
  422: 'The request cannot be processed as sent.',
  429: 'Too many requests from your connection. Please wait a few minutes and try again.',
  502: 'The payment provider could not be reached. Please try again.',
  503: 'The service is briefly unavailable. Please try again in a moment.',
  504: 'The audio host did not answer in time',
};

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** One error response: the causes as its description, the Error schema, the status's headers. */
export function errorResponse(status: number, causes: readonly string[]): ResponseObject {
  const unique = [...new Set(causes.map(sentence))];
  const example: JsonObject = {
    message: EXAMPLE_MESSAGES[status] ?? 'Request failed',
    code: errorCodeFor(status),
  };
  if (status === 400) example.issues = [{ path: 'title', message: 'Title is required', code: 'too_small' }];
  return {
    description: unique.join(' '),
    ...(STATUS_HEADERS[status] ? { headers: STATUS_HEADERS[status] } : {}),
    content: { 'application/json': { schema: errorSchemaRef, example } },
  };
}

/** `{ 404: 'No such post' }` -> error responses (the form hand-written route docs use too). */
export function errorResponses(
  causes: Record<number, string | readonly string[]>,
): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.entries(causes).map(([status, cause]) => [
      status,
      errorResponse(Number(status), typeof cause === 'string' ? [cause] : cause),
    ]),
  );
}

/** What no operation declares: a failure on our side. Clients get the same shape. */
export const defaultErrorResponse: ResponseObject = {
  description: 'An unexpected failure on our side (500), in the same error shape.',
  content: {
    'application/json': {
      schema: errorSchemaRef,
      example: {
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL_SERVER_ERROR',
      },
    },
  },
};

/** Groups declared causes by status, in status order. */
export function groupByStatus(declared: readonly DeclaredResponse[]): Record<number, string[]> {
  const byStatus: Record<number, string[]> = {};
  for (const { status, description } of [...declared].sort((a, b) => a.status - b.status)) {
    (byStatus[status] ??= []).push(description);
  }
  return byStatus;
}

/** What every operation answers before any route reads it (http/readable-urls.ts). */
export const UNREADABLE_QUERY_CAUSE =
  'A query parameter has a NUL character or percent-encoded bytes that are not UTF-8: `issues[0].path` names it';
/** And an operation with path parameters, when one of them cannot be read. */
export const UNREADABLE_PATH_CAUSE =
  'A path parameter has a NUL character or percent-encoded bytes that are not UTF-8';

/** A response with one more cause: added to the one declared for that status, or one of its own. */
function withCause(
  responses: NonNullable<OperationObject['responses']>,
  status: number,
  cause: string,
): NonNullable<OperationObject['responses']> {
  const declared = responses[String(status)] as ResponseObject | undefined;
  const response = declared
    ? { ...declared, description: `${declared.description} ${sentence(cause)}` }
    : errorResponse(status, [cause]);
  return Object.fromEntries(
    Object.entries({ ...responses, [String(status)]: response }).sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The same answers to an unreadable address on the hand-written routes' operations. */
export function withUnreadableUrlResponses(items: Record<string, PathItem>): Record<string, PathItem> {
  return Object.fromEntries(
    Object.entries(items).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const responses = (operation as OperationObject | undefined)?.responses;
          if (!responses || typeof operation !== 'object') return [method, operation];
          let completed = withCause(responses, 400, UNREADABLE_QUERY_CAUSE);
          if (path.includes('{')) completed = withCause(completed, 404, UNREADABLE_PATH_CAUSE);
          return [method, { ...operation, responses: completed }];
        }),
      ),
    ]),
  );
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What the HTTP layers in front of every procedure can answer: input validation (the REST adapter
 * runs the Zod input schema) and the JSON body (Fastify's parser, its 1 MB limit, and the adapter's
 * content-type check, http/rest.ts). Fastify reads a body on DELETE too.
 */
export function httpLayerResponses(operation: {
  method: string;
  hasInput: boolean;
  hasPathParameters: boolean;
}): DeclaredResponse[] {
  const declared: DeclaredResponse[] = [];
  if (operation.hasInput) {
    declared.push({
      status: 400,
      description: 'The input is invalid: `message` names the first field at fault, `issues[]` every one',
    });
  }
  if (BODY_METHODS.has(operation.method)) {
    declared.push(
      { status: 400, description: 'The body is not valid JSON' },
      { status: 413, description: `The body is larger than ${JSON_BODY_LIMIT_BYTES / 1024 / 1024} MB` },
      { status: 415, description: 'The body is not JSON: send Content-Type: application/json' },
    );
  }
  declared.push({ status: 400, description: UNREADABLE_QUERY_CAUSE });
  if (operation.hasPathParameters) declared.push({ status: 404, description: UNREADABLE_PATH_CAUSE });
  return declared;
}
