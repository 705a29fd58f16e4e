import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './db/client';
import { appSecrets } from './db/tables';

// Keys the site signs with, kept in the database (app_secrets) so that every instance sharing it
// signs and verifies alike, and never in one instance's data folder.

/** The secret called name; made at first use when `create` is set (issuing), never by a check. */
export async function appSecret(
  db: Pick<Database, 'select' | 'insert'>,
  name: string,
  create: boolean,
): Promise<Buffer | null> {
  const read = async () => {
    const [row] = await db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, name));
    return row ? Buffer.from(row.value) : null;
  };
  const found = await read();
  if (found || !create) return found;
  // Two instances starting at once: the first insert wins and both read the same key.
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32) })
    .onConflictDoNothing();
  return read();
}
