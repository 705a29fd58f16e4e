import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  readIdempotencyKey,
  runIdempotently,
} from '../services/idempotency';
import { middleware } from './init';
import { answers } from './responses';

/**
 * The Idempotency-Key of a creating POST (services/idempotency.ts). With the header, the procedure
 * runs inside one transaction with the key (its services get that transaction as their database)
 * and its answer is kept; a repeat gets the kept answer with `Idempotent-Replayed: true`. Without
 * the header nothing changes. Use it after the input is known to be the caller's (after
 * requireAdmin) and before .input(), so the kept answer is the checked output.
 */
export const idempotent = answers(
  middleware(async ({ ctx, path, getRawInput, next }) => {
    const key = readIdempotencyKey(ctx.req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === undefined) return next();
    const user = (ctx as { user?: { id: number } }).user;
    const ran = await runIdempotently(
      ctx.deps,
      { caller: user ? `admin:${user.id}` : 'public', operation: path, key, input: await getRawInput() },
      (db) => next({ ctx: { deps: { ...ctx.deps, db: { ...ctx.deps.db, db } } } }),
      (result) => (result.ok ? { status: 200, body: result.data } : undefined),
    );
    if ('outcome' in ran) return ran.outcome;
    void ctx.res.header('Idempotent-Replayed', 'true');
    // The kept answer, as the procedure's own result would carry it.
    const replay = { ok: true as const, data: ran.replayed.body, ctx };
    return replay as unknown as Awaited<ReturnType<typeof next>>;
  }),
  () => ({
    responses: [
      {
        status: 422,
        description: 'The Idempotency-Key was used in the last 24 hours for a request with a different body.',
      },
    ],
  }),
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
        'different body answers 422. A repeat sent while the first is still running waits for it and gets its answer.',
      example: '5f0c7a52-6f1e-4c2b-9a39-1d3b1c2f7e8a',
    }),
});

