import { z } from 'zod';
import {
  adminBlogPostSchema,
  revisionRowSchema,
  revisionSchema,
  revisionsInputSchema,
} from '../../../shared/blog-publishing.schema';
import { blogIdSchema } from '../../../shared/blog.schema';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';
import { staffProcedure } from '../../web/trpc/init';
import { restoreRevision } from './posts';
import { getRevision, listRevisions } from './revisions';
import { idInput, pagedOf } from './router-inputs';
import { assertMayTouch } from './authoring';

// A post's revisions: the list, one with its content, and restoring one.
export const revisionProcedures = {
  revisions: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs/{postId}/revisions',
        tags: ['Admin'],
        summary: "A post's saved revisions, newest first, one page at a time",
        errorResponses: {
          400: 'page or pageSize not a whole number',
          403: "Someone else's post (for roles that see only their own)",
          404: 'No such post (for roles that see only their own)',
        },
      },
    })
    .input(revisionsInputSchema)
    .output(pagedOf(revisionRowSchema))
    .query(async ({ ctx, input }) => {
      await assertMayTouch(ctx.deps.db, ctx.user, input.postId);
      return listRevisions(ctx.deps.db, input);
    }),

  revision: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog-revisions/{id}',
        tags: ['Admin'],
        summary: 'One revision with its content',
        errorResponses: {
          400: 'The id is not a whole number',
          403: "A revision of someone else's post (for roles that see only their own)",
          404: 'No such revision',
        },
      },
    })
    .input(idInput)
    .output(revisionSchema)
    .query(async ({ ctx, input }) => {
      const revision = await getRevision(ctx.deps.db, input.id);
      await assertMayTouch(ctx.deps.db, ctx.user, revision.postId);
      return revision;
    }),

  // It writes a new revision: a retried request with the same Idempotency-Key writes it once.
  restoreRevision: staffProcedure('writePosts')
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blogs/{postId}/revisions/{revisionId}/restore',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Admin'],
        summary: 'Makes a revision the post again (saved as a new revision too)',
        errorResponses: {
          400: 'An id is not a whole number',
          403: "Someone else's post, or your own once an editor has taken it on (for roles that only write drafts)",
          404: 'No such post or revision',
        },
      },
    })
    .input(z.object({ postId: blogIdSchema, revisionId: blogIdSchema }))
    .output(adminBlogPostSchema)
    .mutation(async ({ ctx, input }) => {
      await assertMayTouch(ctx.deps.db, ctx.user, input.postId);
      return restoreRevision(ctx.deps.db, input.postId, input.revisionId, ctx.user.id, ctx.deps.clock());
    }),
};
