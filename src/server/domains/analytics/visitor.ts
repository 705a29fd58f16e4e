import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { analyticsSalts } from './tables';

/** The UTC day of a moment, as YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The day's salt, the same on every instance (a row in the database, made by whichever instance
 * needs it first); earlier days' salts are deleted as soon as a new day's is made, so yesterday's
 * hashes can no longer be recomputed from an address.
 */
export function createSaltKeeper(db: Database) {
  let current: { day: string; salt: string } | null = null;
  let pending: Promise<string> | null = null;
  /** The day's salt without waiting, when it is the one already read (nearly every view). */
  const known = (day: string): string | null => (current?.day === day ? current.salt : null);
  const saltOf = async function saltOf(day: string): Promise<string> {
    const salt = known(day);
    if (salt !== null) return salt;
    if (pending) return pending;
    pending = (async () => {
      await db
        .insert(analyticsSalts)
        .values({ day, salt: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
      await db.delete(analyticsSalts).where(and(lt(analyticsSalts.day, day)));
      current = { day, salt: row!.salt };
      return row!.salt;
    })().finally(() => {
      pending = null;
    });
    return pending;
  };
  return Object.assign(saltOf, { known });
}
