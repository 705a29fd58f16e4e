import type { FastifyReply } from 'fastify';
import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { DOMAIN_ERROR_STATUS, DomainError } from '../../platform/errors';

// The one error shape of the REST API, from every layer: procedures (through the REST adapter),
// Fastify's body parser and limits, the plain routes and unknown paths or methods. openapi.json
// describes it once, as components.schemas.Error (see src/server/web/openapi/responses.ts).

/** One problem with one input field. */
export interface ApiIssue {
  /** The field at fault as a dot-separated path into the input ('details.childAge'); '' for the input as a whole. */
  path: string;
  message: string;
  /** Zod's issue code: invalid_type, too_small, invalid_format, custom... */
  code: string;
}

export interface ApiErrorBody {
  /** Readable, shown to people as it is; a validation error names its field: 'email: ...'. */
  message: string;
  /** The status as a word, the same codes tRPC uses: NOT_FOUND, TOO_MANY_REQUESTS... */
  code: string;
  /** Present on validation errors (400): every field at fault. */
  issues?: ApiIssue[];
}

/** HTTP status -> code. tRPC's error codes where it has one, so /trpc and /api agree. */
export const ERROR_CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'UNPROCESSABLE_CONTENT',
  428: 'PRECONDITION_REQUIRED',
  429: 'TOO_MANY_REQUESTS',
  499: 'CLIENT_CLOSED_REQUEST',
  500: 'INTERNAL_SERVER_ERROR',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export function errorCodeFor(status: number): string {
  return ERROR_CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

export function apiError(status: number, message: string, issues?: ApiIssue[]): ApiErrorBody {
  return issues && issues.length > 0
    ? { message, code: errorCodeFor(status), issues }
    : { message, code: errorCodeFor(status) };
}

export function zodIssues(error: ZodError): ApiIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

/** A readable sentence from a Zod error: the first problem, naming its field ('email: ...'). */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

function zodCause(error: TRPCError): ZodError | null {
  const cause = error.cause as unknown;
  if (cause instanceof ZodError) return cause;
  // tRPC may wrap a foreign ZodError (another zod copy): recognise it by its shape.
  if (cause instanceof Error && cause.name === 'ZodError' && Array.isArray((cause as ZodError).issues))
    return cause as ZodError;
  return null;
}

/** The HTTP status tRPC gives an error code. */
export function statusOfTrpcError(error: TRPCError): number {
  return getHTTPStatusCodeFromError(error);
}

/** The REST body of an error a procedure (or the REST adapter around it) threw. */
export function errorBodyFromTrpc(error: TRPCError, status = statusOfTrpcError(error)): ApiErrorBody {
  if (status >= 500 && error.code === 'INTERNAL_SERVER_ERROR') return apiError(500, INTERNAL_ERROR_MESSAGE);
  const zod = error.code === 'BAD_REQUEST' ? zodCause(error) : null;
  if (zod) return apiError(status, describeZodError(zod), zodIssues(zod));
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE' && !(error.cause instanceof DomainError)) {
    // The adapter's own wording ('Unsupported content-type "text/plain') is not for people.
    return apiError(status, 'Send the request body as JSON, with Content-Type: application/json.');
  }
  return apiError(status, error.message || 'Request failed');
}

/** Sends the error shape; `headers` for Retry-After, Allow and the like. */
export function sendApiError(
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): FastifyReply {
  void reply.headers(headers);
  return reply.status(status).type('application/json; charset=utf-8').send(apiError(status, message));
}

/** A domain error thrown by a service, answered by a plain route (uploads, audio, webhook). */
export function sendDomainError(reply: FastifyReply, error: DomainError): FastifyReply {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  return sendApiError(reply, DOMAIN_ERROR_STATUS[error.code], error.message, headers);
}
