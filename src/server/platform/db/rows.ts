import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The rows of a raw statement's result (`db.execute`): node-postgres and PGlite hand back an object
 * holding them in `rows`, other drivers the array itself.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** Runs a raw statement (in the caller's transaction, if it is one) and answers its rows. */
export async function queryRows<T = Record<string, unknown>>(
  db: Pick<Database, 'execute'>,
  statement: SQL,
): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}
