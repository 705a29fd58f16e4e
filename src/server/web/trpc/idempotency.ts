import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  readIdempotencyKey,
  runIdempotently,
  runIdempotentlyOutsideDatabase,
} from '../../platform/idempotency';
import { middleware } from './init';
import { answers } from './responses';

const mismatch = () => ({
  responses: [
    {
      status: 422,
      description: 'The Idempotency-Key was used in the last 24 hours for a request with a different body.',
    },
  ],
});

function callerOf(ctx: { user?: { id: number } }): string {
  return ctx.user ? `admin:${ctx.user.id}` : 'public';
}

/** The kept answer, as the procedure's own result would carry it. */
function replayResult<R>(
  res: { header(name: string, value: string): unknown },
  body: unknown,
  ctx: object,
): R {
  void res.header('Idempotent-Replayed', 'true');
  return { ok: true as const, data: body, ctx } as unknown as R;
}

/**
 * The Idempotency-Key of a creating POST (platform/idempotency.ts). With the header, the procedure
 * runs inside one transaction with the key (its services get that transaction as their database)
 * and its answer is kept; a repeat gets the kept answer with `Idempotent-Replayed: true`. Without
 * the header nothing changes. Use it after the input is known to be the caller's (after
 * requireAdmin) and before .input(), so the kept answer is the checked output.
 */
export const idempotent = answers(
  middleware(async ({ ctx, path, getRawInput, next }) => {
    const key = readIdempotencyKey(ctx.req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === undefined) return next();
    const ran = await runIdempotently(
      ctx.deps,
      {
        caller: callerOf(ctx as { user?: { id: number } }),
        operation: path,
        key,
        input: await getRawInput(),
      },
      (db) => next({ ctx: { deps: { ...ctx.deps, db } } }),
      (result) => (result.ok ? { status: 200, body: result.data } : undefined),
    );
    if ('outcome' in ran) return ran.outcome;
    return replayResult<Awaited<ReturnType<typeof next>>>(ctx.res, ran.replayed.body, ctx);
  }),
  mismatch,
);

/**
 * The same for an operation whose work is a call to another service (the payment provider): run
 * outside a transaction, so a slow provider never holds the embedded database, with the answer kept
 * afterwards (platform/idempotency.ts says what that allows).
 */
export const idempotentOutsideDatabase = answers(
  middleware(async ({ ctx, path, getRawInput, next }) => {
    const key = readIdempotencyKey(ctx.req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === undefined) return next();
    const ran = await runIdempotentlyOutsideDatabase(
      ctx.deps,
      {
        caller: callerOf(ctx as { user?: { id: number } }),
        operation: path,
        key,
        input: await getRawInput(),
      },
      () => next(),
      (result) => (result.ok ? { status: 200, body: result.data } : undefined),
    );
    if ('outcome' in ran) return ran.outcome;
    return replayResult<Awaited<ReturnType<typeof next>>>(ctx.res, ran.replayed.body, ctx);
  }),
  mismatch,
);

/** The request header, for the operation's meta.openapi.requestHeaders. */
export const idempotencyKeyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .optional()
    .meta({
      description:
        'Makes a retry safe: a new unique value (a UUID) per request. A repeat with the same key and the same body within ' +
        '24 hours answers what the first answered (with Idempotent-Replayed: true) and creates nothing; the same key with a ' +
        'different body answers 422. Repeats sent while the first is still running get the same answer as it.',
      example: '5f0c7a52-6f1e-4c2b-9a39-1d3b1c2f7e8a',
    }),
});
