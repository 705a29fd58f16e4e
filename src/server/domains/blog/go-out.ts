import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { blogPosts } from './tables';
import type { JobDefinition } from '../../platform/job-queue';
import { recordActivity } from '../activity';
import { countedWords, moveWordCounts } from './search-words';

// A scheduled post becomes visible by itself at its go-out time: every public read asks for
// `published_at <= now()`, and each instance's response cache empties itself at the next go-out
// time it knows (web/http/response-cache.ts). This job is the record of it, once across all instances:
// at each minute it marks the posts that went out as published (their words then join the list
// search corrects towards), writes it in the activity log,
// and tells every instance to drop its cached public answers, so that an instance which never
// learnt the time (it was set while the instance was down, or by a restored backup) serves the new
// home page, /blog, tag pages, sitemap and feeds too.

export const BLOG_GO_OUT_QUEUE = 'blog-go-out';

/**
 * Marks the scheduled posts whose time has come as published; answers them. The condition reads the
 * post's go-out time as it is now, so a post moved later or back to draft is left alone.
 */
export async function markPostsGoneOut(
  db: Database,
  now: Date,
): Promise<Array<{ id: number; title: string }>> {
  return db.transaction(async (tx) => {
    const posts = await tx
      .update(blogPosts)
      .set({ status: 'published' })
      .where(
        and(
          eq(blogPosts.status, 'scheduled'),
          lte(blogPosts.publishedAt, sql`${now.toISOString()}::timestamptz`),
        ),
      )
      .returning({ id: blogPosts.id, title: blogPosts.title });
    // Published now, so their words join the list search corrects towards (search-words.ts).
    await moveWordCounts(
      tx,
      new Map(),
      await countedWords(
        tx,
        posts.map((p) => p.id),
      ),
    );
    return posts;
  });
}

export function blogGoOutJobs(deps: {
  db: Database;
  clock: () => Date;
  /** Tells the other instances to empty their response caches (shared state), when there are others. */
  announce?: () => Promise<void>;
  log: { info(obj: object, msg: string): void };
}): JobDefinition<never> {
  return {
    queue: BLOG_GO_OUT_QUEUE,
    policy: 'stately',
    retryLimit: 2,
    schedule: '* * * * *',
    async run() {
      const now = deps.clock();
      const posts = await markPostsGoneOut(deps.db, now);
      if (posts.length === 0) return;
      for (const post of posts) {
        await recordActivity(deps.db, {
          kind: 'change',
          at: now,
          user: null,
          actor: 'Scheduled publishing',
          action: 'blog.goneOut',
          summary: `Scheduled post went out: ${post.title}`,
          target: `post ${post.id}`,
        });
      }
      await deps.announce?.();
      deps.log.info({ posts: posts.map((p) => p.id) }, 'scheduled posts went out');
    },
  };
}
