import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import type { JobDefinition } from '../../platform/jobs/queue';
import { recordActivity } from '../activity';
import type { BlogPostStatus } from '../../../shared/blog-publishing';
import { countedWords, moveWordCounts } from './search-words';
import { blogPosts, type PostRow } from './tables';

// How a post goes out at its time. A save sets its status and go-out time (publicationOf: the editor
// sends the time as an instant, converted from UK wall-clock time in the browser). From then on the
// post becomes visible by itself at that time: every public read asks for `published_at <= now()`,
// and each instance's response cache and the blog's memory empty themselves at the next go-out time
// they know (nextScheduledChange). The go-out job is the record of it, once across all instances:
// at each minute it marks the posts that went out as published (their words then join the list
// search corrects towards), writes it in the activity log, and tells every instance to drop its
// cached public answers, so that an instance which never learnt the time (it was set while the
// instance was down, or by a restored backup) serves the new home page, /blog, tag pages, sitemap
// and feeds too.

/** From published_at (as visitors' queries read it): a scheduled post that is due counts as published. */
export function statusOf(row: Pick<PostRow, 'publishedAt'>): BlogPostStatus {
  if (!row.publishedAt) return 'draft';
  return row.publishedAt.getTime() > Date.now() ? 'scheduled' : 'published';
}

/**
 * A save's status and go-out time: the status asked for (or published true or false), else the
 * post's own. A scheduled time already past publishes the post at that time.
 */
export function publicationOf(
  existing: Pick<PostRow, 'status' | 'publishedAt'> | undefined,
  input: {
    status?: BlogPostStatus | undefined;
    publishAt?: string | null | undefined;
    published?: boolean | undefined;
  },
  now: Date,
): { status: BlogPostStatus; publishedAt: Date | null } {
  const status: BlogPostStatus =
    input.status ??
    (input.published === undefined
      ? ((existing?.status as BlogPostStatus | undefined) ?? 'draft')
      : input.published
        ? 'published'
        : 'draft');
  if (status === 'draft') return { status, publishedAt: null };
  if (status === 'scheduled') {
    const at = input.publishAt
      ? new Date(input.publishAt)
      : existing?.status === 'scheduled'
        ? existing.publishedAt
        : null;
    if (!at) throw badRequest('A scheduled post needs a publishAt time');
    if (at.getTime() <= now.getTime()) return { status: 'published', publishedAt: at };
    return { status, publishedAt: at };
  }
  // Published: an already published post keeps its date.
  return {
    status,
    publishedAt: existing?.status === 'published' && existing.publishedAt ? existing.publishedAt : now,
  };
}

/** The next go-out time of a scheduled post (epoch ms), or null: when public answers change by themselves. */
export async function nextScheduledChange(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`min(${blogPosts.publishedAt})` })
    .from(blogPosts)
    .where(sql`${blogPosts.publishedAt} > now()`);
  return row?.at ? new Date(row.at).getTime() : null;
}

const BLOG_GO_OUT_QUEUE = 'blog-go-out';

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
