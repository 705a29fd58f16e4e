import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client';
import { siteSettings } from './tables';

export { SETTING_KEYS } from './tables';

// Settings an admin changes, one JSON value per key (site_settings), always read and written
// through the Zod schema of that key, so a value that no longer fits (an older shape) is never used.

/** The stored value of a key, or null when there is none or it no longer fits its schema. */
export async function readSetting<T>(
  db: Pick<Database, 'select'>,
  key: string,
  schema: z.ZodType<T>,
): Promise<T | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key));
  if (!row) return null;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? parsed.data : null;
}

export async function writeSetting<T extends Record<string, unknown>>(
  db: Database,
  key: string,
  value: T,
  now: Date,
): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: now } });
}
