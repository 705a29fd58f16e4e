import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { conflict } from '../../platform/errors';
import { slugify } from '../../../shared/blog-publishing';
import { blogPosts, postSlugs, type Db, type Tx } from './tables';

// A post's address word: free among every post's current and earlier slugs, since an earlier slug
// still answers, with a move to the post.

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [post] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug));
  if (post) return true;
  const [old] = await db.select({ postId: postSlugs.postId }).from(postSlugs).where(eq(postSlugs.slug, slug));
  return !!old && old.postId !== exceptId;
}

/** The slug itself when free, else the first free slug-2, slug-3 ... */
export async function freeSlug(db: Db, base: string, exceptId?: number): Promise<string> {
  const root = base || 'post';
  if (!(await slugTaken(db, root, exceptId))) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root.slice(0, 110)}-${n}`;
    if (!(await slugTaken(db, candidate, exceptId))) return candidate;
  }
}

export async function slugAvailable(
  db: Database,
  input: { slug: string; id?: number | undefined },
): Promise<{ available: boolean; suggestion?: string }> {
  const slug = slugify(input.slug);
  if (!slug) return { available: false, suggestion: await freeSlug(db, 'post', input.id) };
  if (slug === input.slug && !(await slugTaken(db, slug, input.id))) return { available: true };
  return { available: false, suggestion: await freeSlug(db, slug, input.id) };
}

/** Gives a post a new slug; the one it had keeps answering, with a move to the new one. */
export async function moveSlug(tx: Tx, postId: number, from: string, to: string): Promise<void> {
  if (await slugTaken(tx, to, postId)) throw conflict(`The address ${to} is taken`);
  await tx.delete(postSlugs).where(eq(postSlugs.slug, to));
  await tx.insert(postSlugs).values({ slug: from, postId }).onConflictDoNothing();
}
