import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import type { Database } from '../../../platform/db/client';
import { queryRows } from '../../../platform/db/rows';

// The pace of every send: a token bucket in the database (newsletter_pace), shared by every instance,
// refilled at the configured rate and slowed down by the mail server's rate-limit answers.

/** The bucket's row (one for the site: it is the SMTP plan's limit). */
const PACE_ID = 'smtp';

export interface PaceSettings {
  perSecond: number;
  capacity: number;
}

export function paceOf(config: AppDeps['config']): PaceSettings {
  return {
    perSecond: config.NEWSLETTER_RATE_PER_MINUTE / 60,
    capacity: Math.max(1, config.NEWSLETTER_BATCH_SIZE),
  };
}

/** Takes up to `want` tokens; answers how many were granted and, when none, how long to wait. */
export async function takeTokens(
  db: Database,
  pace: PaceSettings,
  want: number,
): Promise<{ granted: number; waitMs: number }> {
  await db.execute(sql`
    insert into newsletter_pace (id, tokens, factor, updated_at)
    values (${PACE_ID}, ${pace.capacity}, 1, clock_timestamp()) on conflict do nothing`);
  const [row] = await queryRows<{ granted: number; avail: number; factor: number }>(
    db,
    sql`
      with cur as (
        select least(${pace.capacity}::float8,
                     tokens + greatest(0, extract(epoch from clock_timestamp() - updated_at)) * ${pace.perSecond}::float8 * factor) as avail,
               factor
          from newsletter_pace where id = ${PACE_ID} for update
      )
      update newsletter_pace p
         set tokens = cur.avail - least(${want}, greatest(0, floor(cur.avail))), updated_at = clock_timestamp()
        from cur
       where p.id = ${PACE_ID}
      returning least(${want}, greatest(0, floor(cur.avail)))::int as granted, cur.avail as avail, cur.factor as factor`,
  );
  const granted = Number(row!.granted);
  if (granted > 0) return { granted, waitMs: 0 };
  const perMs = (pace.perSecond * Number(row!.factor)) / 1000;
  return { granted: 0, waitMs: Math.ceil((1 - Number(row!.avail)) / perMs) + 5 };
}

/** Gives back tokens taken and not used. */
export async function returnTokens(db: Database, pace: PaceSettings, n: number): Promise<void> {
  if (n <= 0) return;
  await db.execute(sql`
    update newsletter_pace set tokens = least(${pace.capacity}::float8, tokens + ${n}) where id = ${PACE_ID}`);
}

/** A rate-limit answer: every instance slows to half the pace, and waits a little before the next. */
export async function slowDown(db: Database): Promise<void> {
  await db.execute(sql`
    update newsletter_pace set factor = greatest(0.05, factor * 0.5), tokens = least(tokens, 0) - 1
     where id = ${PACE_ID}`);
}

/** Copies delivered: the pace comes back towards the configured rate. */
export async function speedUp(db: Database): Promise<void> {
  await db.execute(sql`
    update newsletter_pace set factor = least(1, factor + 0.05) where id = ${PACE_ID} and factor < 1`);
}

/** The pace now, messages per minute (the configured rate, slowed after rate-limit answers). */
export async function currentRatePerMinute(db: Database, config: AppDeps['config']): Promise<number> {
  const [row] = await queryRows<{ factor: number }>(
    db,
    sql`select factor from newsletter_pace where id = ${PACE_ID}`,
  );
  return config.NEWSLETTER_RATE_PER_MINUTE * Number(row?.factor ?? 1);
}
