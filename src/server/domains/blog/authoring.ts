import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors';
import { BLOG_MESSAGES } from '../../../shared/blog';
import type { BlogPostStatus } from '../../../shared/blog-publishing';
import { can, type StaffRole } from '../../../shared/staff';
import { blogPosts } from './tables';

// Whose posts a member of staff may touch, from the permissions of src/shared/staff.ts: writePosts
// is one's own drafts (a contributor's), publishOwnPosts one's own posts whatever their state (an
// author's), editAllPosts every post (an editor's and above).

/** The member of staff saving, reading or deleting a post. */
export interface Writer {
  id: number;
  role: StaffRole;
}

export const AUTHORING_MESSAGES = {
  notYours: 'This post is someone else’s: only an editor can change it.',
  notADraftAnyMore: 'This post is no longer a draft: only an editor or its author can change it now.',
  mayNotPublish: 'Your role can save drafts but not publish or schedule them: submit the draft to an editor.',
  mayNotChooseAuthors: 'Only an editor can choose who a post is by.',
} as const;

/** The author a writer's lists are limited to: none for an editor, their own id otherwise. */
export function listedAuthor(writer: Writer): number | undefined {
  return can(writer.role, 'editAllPosts') ? undefined : writer.id;
}

/** Refuses a save that would publish or schedule a post when the writer may only save drafts. */
export function assertMayPublish(
  writer: Writer,
  asked: { status?: BlogPostStatus | undefined; published?: boolean | undefined },
): void {
  const publishing = asked.published === true || (asked.status !== undefined && asked.status !== 'draft');
  if (publishing && !can(writer.role, 'publishOwnPosts') && !can(writer.role, 'editAllPosts'))
    throw forbidden(AUTHORING_MESSAGES.mayNotPublish);
}

/** Refuses a byline change from a writer who does not edit every post (a new post is its maker's). */
export function assertMayChooseAuthors(writer: Writer, asked: { authorIds?: number[] | undefined }): void {
  if (asked.authorIds !== undefined && !can(writer.role, 'editAllPosts'))
    throw forbidden(AUTHORING_MESSAGES.mayNotChooseAuthors);
}

/**
 * Refuses a writer a post that is not theirs to read or change: someone else's (unless they edit
 * every post), or, for one who only writes drafts, their own once it is no longer a draft (an
 * editor has taken it on). A post that does not exist is a 404 for everyone.
 */
export async function assertMayTouch(
  db: Pick<Database, 'select'>,
  writer: Writer,
  postId: number,
): Promise<void> {
  if (can(writer.role, 'editAllPosts')) return;
  const [post] = await db
    .select({ authorId: blogPosts.authorId, status: blogPosts.status })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId));
  if (!post) throw notFound(BLOG_MESSAGES.notFound);
  if (post.authorId !== writer.id) throw forbidden(AUTHORING_MESSAGES.notYours);
  if (post.status !== 'draft' && !can(writer.role, 'publishOwnPosts'))
    throw forbidden(AUTHORING_MESSAGES.notADraftAnyMore);
}
