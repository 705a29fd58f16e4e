import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, ZodRealError } from 'zod';
import { DomainError } from '../../platform/errors';
import { isDatabaseUnavailable } from '../../platform/db/errors';
import { isCrossSiteRequest } from '../http/same-origin';
import { describeZodError, INTERNAL_ERROR_MESSAGE } from '../http/api-errors';
import { rateLimitDescription, type RateLimitPolicy } from './rate-limit';
import type { ActivityNote } from '../../../shared/activity';
import { can, STAFF_MESSAGES, type Permission, type StaffRole } from '../../../shared/staff';
import { permissionExtensions, ROLE_REFUSED, whoMayCall } from '../openapi/responses';
import { answers, type ApiMeta } from './responses';
import type { AdminHooks, Context } from './context';

export { describeZodError };

const t = initTRPC
  .context<Context>()
  .meta<ApiMeta>()
  .create({
    // Clients get a message and a code, never a stack trace or SQL.
    errorFormatter({ shape, error }) {
      const message =
        error.code === 'INTERNAL_SERVER_ERROR'
          ? INTERNAL_ERROR_MESSAGE
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
const domainErrors = answers(
  t.middleware(async ({ ctx, next }) => {
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
  }),
  () => ({
    responses: [
      { status: 503, description: 'The database is not answering; try again after Retry-After seconds.' },
    ],
  }),
);

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
/**
 * A procedure's rate limit, declared by its domain beside it (`publicProcedure.use(rateLimited(X))`),
 * with its 429 in openapi.json.
 */
export function rateLimited(policy: RateLimitPolicy) {
  return answers(
    t.middleware(async ({ ctx, next }) => {
      await ctx.rateLimit(policy, ctx.req);
      return next();
    }),
    () => ({ responses: [{ status: 429, description: rateLimitDescription(policy) }] }),
  );
}

/** Where in a raw input a string holds U+0000, or null. */
function nulCharacterPath(value: unknown, path: Array<string | number> = []): Array<string | number> | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulCharacterPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: such input is refused as a validation error naming the
 * field, before any schema or query sees it (it used to fail in the database as a 500).
 */
const refuseNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  const path = nulCharacterPath(await getRawInput());
  if (path) {
    const issue = {
      code: 'custom' as const,
      path,
      message: 'Text may not contain the NUL character',
      input: undefined,
    };
    throw new TRPCError({ code: 'BAD_REQUEST', message: issue.message, cause: new ZodRealError([issue]) });
  }
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(refuseNulCharacters);

/** The session a token opens, with its user, or null: for procedures and plain routes alike. */
export async function sessionOf(admin: AdminHooks, deps: Context['deps'], token: string | null) {
  return token ? await admin.sessionOf(deps, token) : null;
}

/** Only a signed-in admin gets past this; the user is then on ctx.user. */
const requireAdmin = answers(
  t.middleware(async ({ ctx, type, next }) => {
    if (
      type === 'mutation' &&
      ctx.tokenSource === 'cookie' &&
      isCrossSiteRequest(ctx.req, ctx.deps.config.publicUrl)
    ) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site requests are not allowed.' });
    }
    const found = await sessionOf(ctx.admin, ctx.deps, ctx.sessionToken);
    if (!found) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    return next({ ctx: { ...ctx, user: found.user, session: found.session } });
  }),
  ({ type }) => ({
    requiresSession: true,
    responses: [
      {
        status: 401,
        description: 'Not signed in, or the session has ended: send the bearer token or the session cookie.',
      },
      type === 'mutation' && {
        status: 403,
        description: 'A session cookie used from another site (send the bearer token instead).',
      },
    ],
  }),
);

/**
 * Only a session whose role holds `permission` gets past this (the table in src/shared/staff.ts);
 * every other signed-in caller gets 403. The operation's description says who may call it.
 */
function requirePermission(permission: Permission) {
  return answers(
    t.middleware(async ({ ctx, next }) => {
      // Runs after requireAdmin, which put the session's user on the context.
      const { user } = ctx as typeof ctx & { user?: { role: StaffRole } };
      if (!user || !can(user.role, permission)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: STAFF_MESSAGES.roleRefused });
      }
      return next();
    }),
    () => ({
      note: whoMayCall(permission),
      extensions: permissionExtensions(permission),
      responses: [{ status: 403, description: ROLE_REFUSED }],
    }),
  );
}

/**
 * The procedure of an admin operation: signed in (401 otherwise), with a role that holds
 * `permission` (403 otherwise), and recorded in the activity log when it changes something.
 *
 * Every successful admin change goes into the activity log, once, here: who, when, the
 * operation in words, and what it was done to. A service that knows the before and after of an edit
 * writes them into ctx.activity (an ActivityNote); otherwise the log keeps the input, secrets hidden
 * and long text cut short. A log that cannot be written never undoes the change.
 */
export function staffProcedure(permission: Permission) {
  return publicProcedure
    .use(requireAdmin)
    .use(requirePermission(permission))
    .use(async ({ ctx, type, path, meta, getRawInput, next }) => {
      const activity: ActivityNote = {};
      const result = await next({ ctx: { activity } });
      // A repeat answered from its Idempotency-Key changed nothing the second time.
      if (type !== 'mutation' || !result.ok || ctx.res.getHeader('Idempotent-Replayed')) return result;
      const openapi = meta?.openapi;
      try {
        await ctx.admin.recordChange(ctx.deps, {
          at: ctx.deps.clock(),
          user: ctx.user,
          action: path,
          summary: openapi ? `${openapi.method} /api${openapi.path}: ${openapi.summary ?? path}` : path,
          note: activity,
          input: await getRawInput(),
          ip: ctx.ip,
        });
      } catch (error) {
        ctx.req.log.error({ err: error, action: path }, 'the activity log could not record an admin change');
      }
      return result;
    });
}
