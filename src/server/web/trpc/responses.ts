import type { OpenApiMeta } from 'trpc-to-openapi';

// What each operation can answer, declared where it is decided, so that openapi.json states every
// status by construction (docs/decisions/0003-declared-responses.md):
// - a middleware that can refuse a call declares its answers beside itself with `answers()`
//   (staffProcedure: 401, 403 for a role without the permission or a cross-site write, the session security; rate limits: 429 with Retry-After);
// - a procedure lists the statuses its service throws in meta.openapi.errorResponses, one
//   description each ({ 404: 'No such post' }), and success headers in meta.openapi.responseHeaders;
// - the HTTP layers declare theirs (src/server/web/openapi/responses.ts: input validation, JSON body).
// The API tests validate every response against openapi.json, so a status nobody declared fails CI.

/** One status an operation can answer, with the cause in words. */
export interface DeclaredResponse {
  status: number;
  description: string;
}

/** What the document builder knows about an operation when it asks a middleware. */
export interface OperationFacts {
  /** The tRPC path, e.g. 'blog.update'. */
  procedure: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The REST method, e.g. 'PATCH'. */
  method: string;
}

export interface MiddlewareDeclaration {
  responses?: Array<DeclaredResponse | false | undefined | null>;
  /** True when the middleware needs the session (bearer header or cookie). */
  requiresSession?: boolean;
  /** A sentence added to the operation's description (who may call it). */
  note?: string;
  /** OpenAPI extension fields of the operation (`x-...`). */
  extensions?: Record<string, unknown>;
}

type Declare = (operation: OperationFacts) => MiddlewareDeclaration;

const declarations = new WeakMap<object, Declare>();

/**
 * Declares what a middleware can answer: every procedure built with it (`.use(middleware)`)
 * documents those answers. Returns the middleware itself.
 */
export function answers<T extends { _middlewares: readonly unknown[] }>(middleware: T, declare: Declare): T {
  for (const fn of middleware._middlewares) declarations.set(fn as object, declare);
  return middleware;
}

/** The declarations of every middleware a procedure runs, in order. */
export function declarationsOf(
  procedure: unknown,
  operation: OperationFacts,
): {
  responses: DeclaredResponse[];
  requiresSession: boolean;
  notes: string[];
  extensions: Record<string, unknown>;
} {
  const middlewares = (procedure as { _def?: { middlewares?: unknown[] } })._def?.middlewares ?? [];
  const responses: DeclaredResponse[] = [];
  const notes: string[] = [];
  const extensions: Record<string, unknown> = {};
  let requiresSession = false;
  for (const fn of middlewares) {
    const declare = typeof fn === 'function' ? declarations.get(fn) : undefined;
    if (!declare) continue;
    const declared = declare(operation);
    for (const response of declared.responses ?? []) if (response) responses.push(response);
    requiresSession ||= declared.requiresSession === true;
    if (declared.note) notes.push(declared.note);
    Object.assign(extensions, declared.extensions);
  }
  return { responses, requiresSession, notes, extensions };
}

/**
 * Our procedure meta: trpc-to-openapi's, plus `outputStatuses` for the rare status whose body is
 * the output schema rather than an error (GET /health answers 503 with the health report), and
 * `cache: 'public'` for a read whose answer is the same for every visitor until something is
 * written: it is then kept in memory with an ETag (http/response-cache.ts) and documented with
 * ETag and 304, at /trpc and at its REST path alike. `cacheAs: 'search'` on such a read whose
 * answers are keyed by text a visitor types: the cache keeps them apart from the pages, in a budget
 * of their own, so no number of them can evict a page.
 */
export type ApiMeta = OpenApiMeta<{
  outputStatuses?: Record<number, string>;
  cache?: 'public';
  cacheAs?: 'search';
}>;
