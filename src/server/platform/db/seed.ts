import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { seedRuns } from './tables';

export type SeedTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rows a fresh install starts with, under a key that says which set (and its version) they are. */
export interface SeedSet {
  key: string;
  apply: (tx: SeedTx) => Promise<unknown>;
}

// Each seed set is applied once, in a transaction, and remembered in seed_runs: a restart never
// re-inserts or overwrites what an admin has since edited or deleted. The domains write the sets.
export async function applySeeds(db: Database, sets: readonly SeedSet[]): Promise<string[]> {
  const applied: string[] = [];
  for (const set of sets) {
    const done = await db.transaction(async (tx) => {
      // The insert claims the key first, so two processes starting together cannot both seed.
      const claimed = await tx
        .insert(seedRuns)
        .values({ key: set.key })
        .onConflictDoNothing()
        .returning({ key: seedRuns.key });
      if (claimed.length === 0) return false;
      await set.apply(tx);
      return true;
    });
    if (done) applied.push(set.key);
  }
  return applied;
}

export async function hasSeed(db: Database, key: string): Promise<boolean> {
  const rows = await db.select().from(seedRuns).where(eq(seedRuns.key, key));
  return rows.length > 0;
}
