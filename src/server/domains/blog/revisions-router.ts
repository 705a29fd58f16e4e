import { z } from 'zod';
import {
  adminBlogPostSchema,
  revisionRowSchema,
  revisionSchema,
  revisionsInputSchema,
} from '../../../shared/blog-publishing.schema';
import { blogIdSchema } from '../../../shared/blog.schema';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';
import { adminProcedure } from '../../web/trpc/init';
import { restoreRevision } from './posts';
import { getRevision, listRevisions } from './revisions';
import { idInput, pagedOf } from './router-inputs';

// A post's revisions: the list, one with its content, and restoring one.
export const revisionProcedures = {
  revisions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs/{postId}/revisions',
        tags: ['Admin'],
        summary: "A post's saved revisions, newest first, one page at a time",
        errorResponses: { 400: 'page or pageSize not a whole number' },
      },
    })
    .input(revisionsInputSchema)
    .output(pagedOf(revisionRowSchema))
    .query(({ ctx, input }) => listRevisions(ctx.deps.db, input)),

  revision: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog-revisions/{id}',
        tags: ['Admin'],
        summary: 'One revision with its content',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such revision' },
      },
    })
    .input(idInput)
    .output(revisionSchema)
    .query(({ ctx, input }) => getRevision(ctx.deps.db, input.id)),

  // It writes a new revision: a retried request with the same Idempotency-Key writes it once.
  restoreRevision: adminProcedure
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blogs/{postId}/revisions/{revisionId}/restore',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Admin'],
        summary: 'Makes a revision the post again (saved as a new revision too)',
        errorResponses: { 400: 'An id is not a whole number', 404: 'No such post or revision' },
      },
    })
    .input(z.object({ postId: blogIdSchema, revisionId: blogIdSchema }))
    .output(adminBlogPostSchema)
    .mutation(({ ctx, input }) =>
      restoreRevision(ctx.deps.db, input.postId, input.revisionId, ctx.user.id, ctx.deps.clock()),
    ),
};
