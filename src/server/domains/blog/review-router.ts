import { adminBlogPostSchema, returnPostInputSchema } from '../../../shared/blog-publishing.schema';
import { staffProcedure } from '../../web/trpc/init';
import { toAdminPost } from './posts';
import { submitForReview, returnToWriter } from './review';
import { idInput } from './router-inputs';

// Editorial review: a writer submits their draft; an editor returns it with a note. Approving is
// publishing or scheduling it (PATCH /admin/blogs/{id}), which ends the review.
export const reviewProcedures = {
  submitForReview: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blogs/{id}/submit',
        tags: ['Admin'],
        summary: 'Submits your own draft for review: every editor is told by e-mail',
        description:
          'For a role that may only save drafts, the way to publication: an editor then publishes or schedules it ' +
          '(PATCH /admin/blogs/{id}, which ends the review) or returns it with a note (POST /admin/blogs/{id}/return).',
        errorResponses: {
          400: 'The id is not a whole number, or the post is not a draft',
          403: "Someone else's post",
          404: 'No such post',
        },
      },
    })
    .input(idInput)
    .output(adminBlogPostSchema)
    .mutation(async ({ ctx, input }) => {
      ctx.activity.target = `post ${input.id}`;
      return toAdminPost(ctx.deps.db, await submitForReview(ctx.deps, ctx.user, input.id));
    }),

  returnForChanges: staffProcedure('editAllPosts')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blogs/{id}/return',
        tags: ['Admin'],
        summary: 'Returns a draft submitted for review to its writer with a note, and tells them by e-mail',
        errorResponses: {
          400: 'The id is not a whole number, an empty note, or the post is not waiting for review',
          404: 'No such post',
        },
      },
    })
    .input(returnPostInputSchema)
    .output(adminBlogPostSchema)
    .mutation(async ({ ctx, input }) => {
      ctx.activity.target = `post ${input.id}`;
      return toAdminPost(ctx.deps.db, await returnToWriter(ctx.deps, ctx.user, input.id, input.note));
    }),
};
