import { createHash } from 'node:crypto';
import { and, eq, lt, lte } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { Database } from './db/client';
import { idempotencyKeys } from './db/tables';
import { badRequest, DomainError } from './errors';

// Idempotency-Key on the creating POSTs, as Stripe's API has it: the first answer to
// a key is kept for 24 hours and a repeat with the same body gets that answer and creates nothing.
// The key is written in the same transaction as what the request creates and its answer, so
// either all three are committed or none: a retry after a crash or a dropped connection finds the
// answer if the first request committed, and runs afresh if it did not. A duplicate that arrives
// while the first is still running waits for it (PostgreSQL holds its insert of the same key until
// the first commits or rolls back; PGlite runs one transaction at a time) and then gets its answer.

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (a UUID is a good choice).`,
  mismatch:
    'This Idempotency-Key was already used for a different request in the last 24 hours. Send a new key for a new request.',
} as const;

export interface IdempotentRequest {
  caller: string;
  operation: string;
  key: string;
  /** The request's input; compared by its SHA-256 over a canonical JSON form. */
  input: unknown;
}

/** The key from a header value, or undefined when there is none; refuses an unusable one. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^[\x21-\x7e]{1,255}$/.test(value.trim()))
    throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey);
  return value.trim();
}

/** JSON with object keys sorted, so {a,b} and {b,a} are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(input: unknown): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** What the first request answered: kept only for success, since a failure creates nothing. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

class RolledBack<T> {
  constructor(readonly outcome: T) {}
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;

async function storedAnswer(
  deps: Deps,
  request: IdempotentRequest,
  hash: string,
): Promise<StoredAnswer | undefined> {
  const now = deps.clock();
  const [row] = await deps.db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.caller, request.caller),
        eq(idempotencyKeys.operation, request.operation),
        eq(idempotencyKeys.key, request.key),
      ),
    );
  if (!row || row.expiresAt <= now) return undefined;
  if (row.requestHash !== hash) throw new DomainError('UNPROCESSABLE_CONTENT', IDEMPOTENCY_MESSAGES.mismatch);
  return { status: row.status, body: row.response };
}

/**
 * Inserts the key with its answer, or takes over one past its 24 hours; false when a live key is
 * already there (the one statement both ways of keeping an answer use).
 */
async function takeKey(
  db: Database,
  request: IdempotentRequest,
  hash: string,
  answer: StoredAnswer,
  now: Date,
): Promise<boolean> {
  const values = {
    caller: request.caller,
    operation: request.operation,
    key: request.key,
    requestHash: hash,
    status: answer.status,
    response: answer.body ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS),
  };
  const [taken] = await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [idempotencyKeys.caller, idempotencyKeys.operation, idempotencyKeys.key],
      set: values,
      setWhere: lte(idempotencyKeys.expiresAt, now),
    })
    .returning({ key: idempotencyKeys.key });
  return taken !== undefined;
}

/**
 * Runs `run` once per key: inside one transaction with the key, keeping its answer when
 * `answerOf` gives one (a success) and rolling everything back otherwise. A repeat answers the
 * kept answer (`replayed`), a different input with the same key a 422.
 */
export async function runIdempotently<T>(
  deps: Deps,
  request: IdempotentRequest,
  run: (db: Database) => Promise<T>,
  answerOf: (outcome: T) => StoredAnswer | undefined,
): Promise<{ replayed: StoredAnswer } | { outcome: T }> {
  const hash = requestHash(request.input);
  const now = deps.clock();
  sweepExpiredKeys(deps, now);
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      // A live key (committed by an earlier request, or by one that was running and has now
      // committed: PostgreSQL makes this insert wait for it) is not taken.
      if (!(await takeKey(tx as unknown as Database, request, hash, { status: 0, body: null }, now)))
        throw new KeyTaken();
      const result = await run(tx as unknown as Database);
      const answer = answerOf(result);
      if (!answer) throw new RolledBack(result);
      await tx
        .update(idempotencyKeys)
        .set({ status: answer.status, response: answer.body ?? null })
        .where(
          and(
            eq(idempotencyKeys.caller, request.caller),
            eq(idempotencyKeys.operation, request.operation),
            eq(idempotencyKeys.key, request.key),
          ),
        );
      return result;
    });
    return { outcome };
  } catch (error) {
    if (error instanceof RolledBack) return { outcome: error.outcome as T };
    // The key is live: answer what its request answered (or 422 for another body).
    if (error instanceof KeyTaken || isUniqueViolation(error)) {
      const first = await storedAnswer(deps, request, hash);
      if (first) return { replayed: first };
    }
    throw error;
  }
}

class KeyTaken extends Error {}

/**
 * For an operation whose work is outside the database (a call to the payment provider): it runs
 * outside any transaction, since on the embedded database an open transaction would hold every
 * other request for as long as the provider takes. Its answer is kept afterwards. Two requests with
 * one key at the same moment may both run (both create a checkout page); only the first answer is
 * kept, and the later one is answered with it. A crash between the work and keeping the answer lets
 * a retry run again.
 */
export async function runIdempotentlyOutsideDatabase<T>(
  deps: Deps,
  request: IdempotentRequest,
  run: () => Promise<T>,
  answerOf: (outcome: T) => StoredAnswer | undefined,
): Promise<{ replayed: StoredAnswer } | { outcome: T }> {
  const hash = requestHash(request.input);
  const now = deps.clock();
  sweepExpiredKeys(deps, now);
  const earlier = await storedAnswer(deps, request, hash);
  if (earlier) return { replayed: earlier };
  const outcome = await run();
  const answer = answerOf(outcome);
  if (!answer) return { outcome };
  if (await takeKey(deps.db, request, hash, answer, now)) return { outcome };
  const first = await storedAnswer(deps, request, hash);
  return first ? { replayed: first } : { outcome };
}

/** When each database last had its expired keys deleted (at most hourly; a key past 24 h is ignored anyway). */
const lastSweep = new WeakMap<object, number>();

function sweepExpiredKeys(deps: Deps, now: Date): void {
  const last = lastSweep.get(deps.db) ?? 0;
  if (now.getTime() - last < 60 * 60_000 && now.getTime() >= last) return;
  lastSweep.set(deps.db, now.getTime());
  void deps.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .catch(() => {
      // Retried at the next sweep; an expired key is never answered from.
    });
}
