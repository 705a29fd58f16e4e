import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { users } from '../auth';
import { BLOG_MESSAGES } from '../../../shared/blog';
import { REVIEW_MESSAGES } from '../../../shared/blog-publishing';
import { PERMISSIONS } from '../../../shared/staff';
import { AUTHORING_MESSAGES, type Writer } from './authoring';
import { writeRevision } from './revisions';
import { blogPosts, type PostRow, type Tx } from './tables';

// Editorial review, as Ghost's contributors know it: a writer whose role saves drafts only submits
// one; every editor is told by e-mail; an editor returns it with a note (the writer is told) or
// approves it by publishing or scheduling it. Each step is a revision of the post (with its note)
// and, through the procedures, an entry of the activity log.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const editLink = (deps: Deps, id: number) => `${deps.config.publicUrl}/admin?section=blog&post=${id}`;

/**
 * One step of review on a post, in one transaction: the post locked and checked (`allowed` throws
 * when the step is not for it), its review state and note set, a revision of the step written, and
 * the people the step concerns told (`tell` queues their e-mails in the same transaction).
 */
async function takeReviewStep(
  deps: Deps,
  id: number,
  by: Writer,
  step: { review: 'submitted' | 'returned'; note: string | null },
  allowed: (post: PostRow) => void,
  tell: (tx: Tx, post: PostRow, now: Date) => Promise<void>,
): Promise<PostRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!post) throw notFound(BLOG_MESSAGES.notFound);
    allowed(post);
    const [saved] = await tx
      .update(blogPosts)
      .set({
        review: step.review,
        reviewNote: step.note,
        version: post.version + 1,
        updatedAt: now,
        updatedBy: by.id,
      })
      .where(eq(blogPosts.id, id))
      .returning();
    await writeRevision(tx, saved!, by.id, now, { step: step.review, note: step.note });
    await tell(tx, post, now);
    return saved!;
  });
}

/** Submits the writer's own draft for review and tells every editor (the writer aside). */
export function submitForReview(deps: Deps, writer: Writer & { name: string }, id: number): Promise<PostRow> {
  return takeReviewStep(
    deps,
    id,
    writer,
    { review: 'submitted', note: null },
    (post) => {
      if (post.authorId !== writer.id) throw forbidden(AUTHORING_MESSAGES.notYours);
      if (post.status !== 'draft') throw badRequest(REVIEW_MESSAGES.notADraft);
    },
    async (tx, post, now) => {
      const editors = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(inArray(users.role, [...PERMISSIONS.editAllPosts.roles]), ne(users.id, writer.id)));
      for (const editor of editors) {
        await enqueueMail(tx, {
          kind: 'post_submitted',
          now,
          message: {
            to: editor.email,
            subject: `For review: ${post.title}`,
            text: [
              `Hello ${editor.name},`,
              '',
              `${writer.name} submitted a draft for review: "${post.title}".`,
              'Publish or schedule it when it is ready, or return it with a note:',
              '',
              editLink(deps, id),
              '',
              'Herts Local Media',
            ].join('\n'),
          },
        });
      }
    },
  );
}

/** Returns a submitted draft to its writer with a note, and tells them. */
export function returnToWriter(
  deps: Deps,
  editor: Writer & { name: string },
  id: number,
  note: string,
): Promise<PostRow> {
  return takeReviewStep(
    deps,
    id,
    editor,
    { review: 'returned', note },
    (post) => {
      if (post.review !== 'submitted' || post.status !== 'draft')
        throw badRequest(REVIEW_MESSAGES.notSubmitted);
    },
    async (tx, post, now) => {
      const [writer] = post.authorId
        ? await tx
            .select({ email: users.email, name: users.name })
            .from(users)
            .where(eq(users.id, post.authorId))
        : [];
      if (!writer) return;
      await enqueueMail(tx, {
        kind: 'post_returned',
        now,
        message: {
          to: writer.email,
          subject: `Returned with a note: ${post.title}`,
          text: [
            `Hello ${writer.name},`,
            '',
            `${editor.name} returned your draft "${post.title}" with this note:`,
            '',
            note,
            '',
            'Change it and submit it again:',
            '',
            editLink(deps, id),
            '',
            'Herts Local Media',
          ].join('\n'),
        },
      });
    },
  );
}
