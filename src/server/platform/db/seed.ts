import { and, eq, isNull, sql } from 'drizzle-orm';
import { BUSINESS_DETAILS_SEED } from '../../../shared/business';
import type { Database } from './client';
import {
  advertisingServices,
  blogPosts,
  newsletters,
  partners,
  podcastEpisodes,
  seedRuns,
  SETTING_KEYS,
  siteSettings,
  testimonials,
} from './schema';
import { advertisingServicesSeed } from './seeds/advertising';
import { blogPostsSeed } from './seeds/blog';
import { slugify } from '../../../shared/blog-publishing';
import { podcastEpisodesSeed } from './seeds/podcasts';
import { NEWSLETTER_LINK_PLACEHOLDERS, newslettersSeed } from './seeds/newsletters';
import { partnersSeed } from './seeds/partners';
import { testimonialsSeed } from './seeds/testimonials';

type SeedTx = Parameters<Parameters<Database['transaction']>[0]>[0];

// Each seed set is applied once, in a transaction, and remembered in seed_runs: a restart never
// re-inserts or overwrites what an admin has since edited or deleted. Add a set by adding a line.
const seedSets: Array<{ key: string; apply: (tx: SeedTx) => Promise<unknown> }> = [
  {
    key: 'advertising-services:v1',
    apply: (tx) => tx.insert(advertisingServices).values(advertisingServicesSeed),
  },
  {
    key: 'blog-posts:v1',
    apply: async (tx) => {
      // As migration 0010 did for posts that existed then: slug from the title, category as first tag.
      await tx.insert(blogPosts).values(
        blogPostsSeed.map((post) => ({
          ...post,
          slug: slugify(post.title),
          status: post.publishedAt ? 'published' : 'draft',
          contentText: post.content
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
          tagsText: post.category ?? '',
        })),
      );
      await tx.execute(sql`
        insert into tags (name, slug)
        select distinct on (lower(trim(category))) trim(category), trim(both '-' from regexp_replace(lower(trim(category)), '[^a-z0-9]+', '-', 'g'))
        from blog_posts where trim(category) <> ''
        on conflict do nothing`);
      await tx.execute(sql`
        insert into post_tags (post_id, tag_id, position)
        select p.id, t.id, 0 from blog_posts p join tags t on lower(t.name) = lower(trim(p.category))
        on conflict do nothing`);
      // The published posts' words, each with how many use them (services/blog/search-words.ts).
      await tx.execute(sql`
        insert into blog_search_words (word, posts)
        select word, ndoc from ts_stat('select to_tsvector(''simple'', title || '' '' || tags_text || '' '' || excerpt || '' '' || content_text) from blog_posts where status = ''published''')
        on conflict (word) do update set posts = excluded.posts`);
    },
  },
  {
    key: 'podcast-episodes:v1',
    apply: (tx) => tx.insert(podcastEpisodes).values(podcastEpisodesSeed).onConflictDoNothing(),
  },
  { key: 'newsletters:v1', apply: (tx) => tx.insert(newsletters).values(newslettersSeed) },
  { key: 'testimonials:v1', apply: (tx) => tx.insert(testimonials).values(testimonialsSeed) },
  // What used to be fixed in the page's code becomes the owner's to edit.
  { key: 'partners:v1', apply: (tx) => tx.insert(partners).values(partnersSeed) },
  {
    key: 'business-details:v1',
    apply: (tx) =>
      tx
        .insert(siteSettings)
        .values({ key: SETTING_KEYS.business, value: { ...BUSINESS_DETAILS_SEED } })
        .onConflictDoNothing(),
  },
  {
    // An install seeded before the links were stored keeps the subscribe buttons it had.
    key: 'newsletter-links:v1',
    apply: async (tx) => {
      for (const [name, url] of Object.entries(NEWSLETTER_LINK_PLACEHOLDERS)) {
        await tx
          .update(newsletters)
          .set({ subscribeUrl: url })
          .where(and(sql`lower(trim(${newsletters.name})) = ${name}`, isNull(newsletters.subscribeUrl)));
      }
    },
  },
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
