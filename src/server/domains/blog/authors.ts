import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { users } from '../auth';
import { PERMISSIONS, type StaffRole } from '../../../shared/staff';
import type { AdminPostAuthor } from '../../../shared/blog-publishing.schema';
import { cardsOf, pageOfList, publishedOrder, visibleNow } from './post-lists';
import { blogPosts, postCoauthors, type Db, type Tx } from './tables';

// Who a post is by: its first author (blog_posts.author_id, whose post it is to edit) and any after
// them (post_coauthors). A post that names nobody (written before authors were kept, or by someone
// since removed) is the owner's, as Ghost gives a removed person's posts to its owner. And what
// visitors see of an author: their page of posts, its feed, and the sitemap's list of them.

const AUTHOR_PAGE_SIZE = 12;

/** The owner's id, for a post that names nobody. */
const ownerId = sql`(select id from users where role = 'owner')`;

/** The people each post's byline names, first author first. */
export async function bylinesOf(db: Db, postIds: readonly number[]): Promise<Map<number, AdminPostAuthor[]>> {
  const map = new Map<number, AdminPostAuthor[]>();
  if (postIds.length === 0) return map;
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select named.post_id, u.id, u.name, u.slug, u.photo_url from (
      select p.id as post_id, coalesce(p.author_id, ${ownerId}) as user_id, -1 as position
      from blog_posts p where p.id in (${ids})
      union all
      select c.post_id, c.user_id, c.position from post_coauthors c where c.post_id in (${ids})
    ) named join users u on u.id = named.user_id
    order by named.post_id, named.position, u.id`)) as unknown as {
    rows: Array<{ post_id: number; id: number; name: string; slug: string; photo_url: string | null }>;
  };
  for (const row of result.rows) {
    const postId = Number(row.post_id);
    const list = map.get(postId) ?? [];
    list.push({ id: Number(row.id), name: row.name, slug: row.slug, photoUrl: row.photo_url });
    map.set(postId, list);
  }
  return map;
}

/** A byline without the staff ids: what visitors are shown. */
export function publicAuthors(authors: readonly AdminPostAuthor[] | undefined) {
  return (authors ?? []).map(({ name, slug, photoUrl }) => ({ name, slug, photoUrl }));
}

/** The staff an editor may name as authors: those who write posts, by name. */
export async function listAuthorChoices(db: Database) {
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.role, [...PERMISSIONS.writePosts.roles] as StaffRole[]))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
}

export const AUTHOR_MESSAGES = {
  notAWriter: 'Each author must be a member of staff who writes posts.',
} as const;

/** Makes these people the post's byline, in order: the first is whose post it is. */
export async function setPostAuthors(tx: Tx, postId: number, authorIds: readonly number[]): Promise<void> {
  const writers = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...authorIds]),
        inArray(users.role, [...PERMISSIONS.writePosts.roles] as StaffRole[]),
      ),
    );
  if (writers.length !== authorIds.length) throw badRequest(AUTHOR_MESSAGES.notAWriter);
  const [first, ...others] = authorIds;
  await tx.update(blogPosts).set({ authorId: first! }).where(eq(blogPosts.id, postId));
  await tx.delete(postCoauthors).where(eq(postCoauthors.postId, postId));
  if (others.length > 0)
    await tx.insert(postCoauthors).values(others.map((userId, position) => ({ postId, userId, position })));
}

/** The posts a person's byline is on (for the owner, also those that name nobody). */
function byPerson(person: { id: number; role: StaffRole }): SQL {
  return sql`(${blogPosts.authorId} = ${person.id}
    or exists (select 1 from post_coauthors c where c.post_id = ${blogPosts.id} and c.user_id = ${person.id})
    ${person.role === 'owner' ? sql`or ${blogPosts.authorId} is null` : sql``})`;
}

/**
 * A person by their address while a visible post names them. Someone with nothing out yet (a new
 * contributor) is nobody's to see, their name included: their page and feed answer 404 until then.
 */
async function findVisibleAuthor(db: Database, slug: string) {
  const [person] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      slug: users.slug,
      bio: users.bio,
      photoUrl: users.photoUrl,
    })
    .from(users)
    .where(eq(users.slug, slug));
  if (!person) return null;
  const [visible] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(visibleNow(), byPerson(person)))
    .limit(1);
  return visible ? person : null;
}

/** /author/<slug>: the author and one page of their published posts, paged as /blog is. */
export async function getAuthorPage(db: Database, slug: string, page: number) {
  const person = await findVisibleAuthor(db, slug);
  if (!person) throw notFound('No such author');
  const where = and(visibleNow(), byPerson(person))!;
  const { rows, total } = await pageOfList(db, `author ${person.id}`, AUTHOR_PAGE_SIZE, where, page);
  const { name, bio, photoUrl } = person;
  return {
    author: { name, slug: person.slug, bio, photoUrl },
    items: await cardsOf(db, rows),
    total,
    page,
    pageSize: AUTHOR_PAGE_SIZE,
  };
}

/** An author's visible posts, newest first, for their RSS feed. */
export async function listAuthorFeed(db: Database, slug: string, limit: number) {
  const person = await findVisibleAuthor(db, slug);
  if (!person) return null;
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(visibleNow(), byPerson(person)))
    .orderBy(...publishedOrder)
    .limit(limit);
  return { author: person, rows };
}

/**
 * Authors with at least one visible post (the pages that exist); with `listed`, one that search
 * engines may list (the sitemap's).
 */
export async function listVisibleAuthorSlugs(db: Database, listed = false): Promise<string[]> {
  const result = (await db.execute(sql`
    select u.slug from users u where exists (
      select 1 from blog_posts p
      where p.published_at <= now() ${listed ? sql`and not p.no_index` : sql``}
        and (coalesce(p.author_id, ${ownerId}) = u.id
             or exists (select 1 from post_coauthors c where c.post_id = p.id and c.user_id = u.id)))
    order by u.slug limit 1000`)) as unknown as { rows: Array<{ slug: string }> };
  return result.rows.map((r) => r.slug);
}
