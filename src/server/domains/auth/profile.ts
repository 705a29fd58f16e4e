import { and, eq, like, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import { PROFILE_MESSAGES, type Profile, type ProfileUpdate } from '../../../shared/auth';
import { slugify } from '../../../shared/slug';
import { ADMIN_MESSAGES } from '../../../shared/admin';
import { staffSlugs, users } from './tables';

// A member of staff's own profile: the name, address, photo and bio their bylines and author page
// show visitors (domains/blog/authors.ts reads them). Each person changes their own.

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A free author address made from a name: 'Priya Patel' -> priya-patel, then priya-patel-2. */
export async function freeStaffSlug(db: Database | Tx, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name, 60) || 'author';
  const taken = new Set(
    (
      await db
        .select({ slug: users.slug, id: users.id })
        .from(users)
        .where(or(eq(users.slug, base), like(users.slug, `${base}-%`)))
    )
      .filter((r) => r.id !== exceptId)
      .map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const profileColumns = {
  id: users.id,
  name: users.name,
  slug: users.slug,
  bio: users.bio,
  photoUrl: users.photoUrl,
};

export async function getProfile(db: Database, id: number): Promise<Profile> {
  const [profile] = await db.select(profileColumns).from(users).where(eq(users.id, id));
  if (!profile) throw notFound(ADMIN_MESSAGES.userNotFound);
  return profile;
}

/**
 * Saves a person's own profile; an address someone else has is a 409. A changed address keeps the
 * one before as an earlier address of theirs, which then answers with a move (the blog's author
 * pages and feeds); an address taken now is nobody's earlier one.
 */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: number,
  input: ProfileUpdate,
): Promise<Profile> {
  return deps.db.transaction(async (tx) => {
    if (input.slug !== undefined) {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.slug, input.slug), ne(users.id, id)));
      if (other) throw conflict(PROFILE_MESSAGES.slugTaken);
      const [before] = await tx.select({ slug: users.slug }).from(users).where(eq(users.id, id));
      if (before && before.slug !== input.slug) {
        await tx.delete(staffSlugs).where(eq(staffSlugs.slug, input.slug));
        await tx
          .insert(staffSlugs)
          .values({ slug: before.slug, userId: id })
          .onConflictDoUpdate({ target: staffSlugs.slug, set: { userId: id } });
      }
    }
    const [saved] = await tx
      .update(users)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(input.photoUrl !== undefined ? { photoUrl: input.photoUrl || null } : {}),
        updatedAt: deps.clock(),
      })
      .where(eq(users.id, id))
      .returning(profileColumns);
    if (!saved) throw notFound(ADMIN_MESSAGES.userNotFound);
    return saved;
  });
}
