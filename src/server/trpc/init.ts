import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { DomainError } from '../services/errors';
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

/** Turns domain errors into tRPC errors with the matching code (and Retry-After where given). */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
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
export const publicProcedure = t.procedure.use(domainErrors);

/** Only a signed-in admin gets past this; the user is then on ctx.user. */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const found = ctx.sessionToken
    ? await validateSessionToken(ctx.deps, ctx.sessionToken)
    : null;
  if (!found) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { ...ctx, user: found.user, session: found.session } });
});
