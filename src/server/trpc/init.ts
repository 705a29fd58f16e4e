import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { DomainError } from '../services/errors';
import { isDatabaseUnavailable } from '../db/errors';
import { isCrossSiteRequest } from '../http/same-origin';
import { PROCEDURE_RATE_LIMITS } from './rate-limit';
import { validateSessionToken } from '../services/auth';
import type { Context } from './context';

/** A readable sentence from a Zod error: the first problem, naming its field. */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Clients get a message and a code, never a stack trace or SQL.
    errorFormatter({ shape, error }) {
      const message =
        error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Something went wrong on our side. Please try again.'
          : error.cause instanceof ZodError
            ? describeZodError(error.cause)
            : shape.message;
      return {
        message,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
      };
    },
  });

/**
 * Turns domain errors into tRPC errors with the matching code (and Retry-After where given), and a
 * database that does not answer into a quick 503 rather than a hang or a 500.
 */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error)) {
    void ctx.res.header('Retry-After', '5');
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is briefly unavailable. Please try again in a moment.',
      cause: result.error,
    });
  }
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    if (cause.retryAfterSeconds !== undefined) {
      void ctx.res.header('Retry-After', String(cause.retryAfterSeconds));
    }
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
/** Rate limits by procedure, from the one table in rate-limit.ts. */
const rateLimited = t.middleware(async ({ ctx, path, next }) => {
  const policy = PROCEDURE_RATE_LIMITS[path];
  if (policy) await ctx.rateLimiters[policy](ctx.req);
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(rateLimited);

/** Only a signed-in admin gets past this; the user is then on ctx.user. */
export const adminProcedure = publicProcedure.use(async ({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.tokenSource === 'cookie' && isCrossSiteRequest(ctx.req, ctx.deps.config.publicUrl)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site requests are not allowed.' });
  }
  const found = ctx.sessionToken
    ? await validateSessionToken(ctx.deps, ctx.sessionToken)
    : null;
  if (!found) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { ...ctx, user: found.user, session: found.session } });
});
