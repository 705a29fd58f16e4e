import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { users } from '../auth';
import type { Revision, RevisionRow } from '../../../shared/blog-publishing.schema';
import { postRevisions, type PostRow, type Tx } from './tables';
import type { ReviewStep } from '../../../shared/blog-publishing';

// A post's revisions: each save writes one (an autosave does not); restoring one is a save of the
// post (posts.ts).

/** Revisions kept per post beyond the newest-per-day ones (docs/decisions/0019-post-revisions.md). */
export const REVISIONS_KEPT = 50;

/** Writes the post as saved as its newest revision, and lets the oldest go. */
export async function writeRevision(
  tx: Tx,
  post: PostRow,
  authorId: number | null,
  now: Date,
  review: { step: ReviewStep; note?: string | null } | null = null,
): Promise<void> {
  await tx.insert(postRevisions).values({
    postId: post.id,
    authorId,
    createdAt: now,
    step: review?.step ?? null,
    note: review?.note ?? null,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    socialImageUrl: post.socialImageUrl,
    socialDescription: post.socialDescription,
    canonicalUrl: post.canonicalUrl,
    noIndex: post.noIndex,
  });
  // Keeps the newest REVISIONS_KEPT, and before them the newest of each day (UTC).
  await tx.execute(sql`
    delete from post_revisions r using (
      select id, row_number() over (order by created_at desc, id desc) as n,
             row_number() over (partition by (created_at at time zone 'UTC')::date order by created_at desc, id desc) as nd
      from post_revisions where post_id = ${post.id}
    ) k
    where r.id = k.id and k.n > ${REVISIONS_KEPT} and k.nd > 1`);
}

export async function listRevisions(
  db: Database,
  input: { postId: number; page: number; pageSize: number },
): Promise<{ items: RevisionRow[]; total: number; page: number; pageSize: number }> {
  const where = eq(postRevisions.postId, input.postId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: postRevisions.id,
        createdAt: postRevisions.createdAt,
        authorName: users.name,
        title: postRevisions.title,
        step: postRevisions.step,
        note: postRevisions.note,
      })
      .from(postRevisions)
      .leftJoin(users, eq(users.id, postRevisions.authorId))
      .where(where)
      .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(postRevisions).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      authorName: r.authorName ?? null,
    })),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function getRevision(db: Database, id: number): Promise<Revision> {
  const [row] = await db
    .select({ revision: postRevisions, authorName: users.name })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.authorId))
    .where(eq(postRevisions.id, id));
  if (!row) throw notFound('No such revision');
  const r = row.revision;
  return {
    id: r.id,
    postId: r.postId,
    createdAt: r.createdAt.toISOString(),
    authorName: row.authorName ?? null,
    title: r.title,
    step: r.step,
    note: r.note,
    excerpt: r.excerpt,
    content: r.content,
    metaTitle: r.metaTitle,
    metaDescription: r.metaDescription,
    socialImageUrl: r.socialImageUrl,
    socialDescription: r.socialDescription,
    canonicalUrl: r.canonicalUrl,
    noIndex: r.noIndex,
  };
}
