import { eq } from 'drizzle-orm';
import { podcastEpisodes } from './schema';
import type { Database } from './client';
import { advertisingServices, newsletters, seedRuns, testimonials } from './schema';
import { advertisingServicesSeed } from './seeds/advertising';
import { blogPosts } from './schema';
import { blogPostsSeed } from './seeds/blog';
import { podcastEpisodesSeed } from './seeds/podcasts';
import { newslettersSeed } from './seeds/newsletters';
import { testimonialsSeed } from './seeds/testimonials';

type SeedTx = Parameters<Parameters<Database['transaction']>[0]>[0];

// Each seed set is applied once, in a transaction, and remembered in seed_runs: a restart never
// re-inserts or overwrites what an admin has since edited or deleted. Add a set by adding a line.
const seedSets: Array<{ key: string; apply: (tx: SeedTx) => Promise<unknown> }> = [
  {
    key: 'advertising-services:v1',
    apply: (tx) => tx.insert(advertisingServices).values(advertisingServicesSeed),
  },
  { key: 'blog-posts:v1', apply: (tx) => tx.insert(blogPosts).values(blogPostsSeed) },
  {
    key: 'podcast-episodes:v1',
    apply: (tx) => tx.insert(podcastEpisodes).values(podcastEpisodesSeed).onConflictDoNothing(),
  },
  { key: 'newsletters:v1', apply: (tx) => tx.insert(newsletters).values(newslettersSeed) },
  { key: 'testimonials:v1', apply: (tx) => tx.insert(testimonials).values(testimonialsSeed) },
];

export async function runSeeds(db: Database): Promise<string[]> {
  const applied: string[] = [];
  for (const set of seedSets) {
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
