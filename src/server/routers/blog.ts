import { z } from 'zod';
import { blogFieldsSchema, blogIdSchema, blogPostSchema, blogUpdateSchema } from '../../shared/blog.schema';
import { messageSchema } from '../../shared/auth';
import { createPost, deletePost, getPublishedPost, listAllPosts, listPublishedPosts, updatePost } from '../services/blog';
import { adminProcedure, publicProcedure, router } from '../trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../trpc/idempotency';

const idInput = z.object({ id: blogIdSchema });

export const blogRouter = router({
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/blog', tags: ['Blog'], summary: 'Published posts, newest first', },
    })
    .input(z.void())
    .output(z.array(blogPostSchema))
    .query(({ ctx }) => listPublishedPosts(ctx.deps.db.db)),

  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/blog/{id}',
        tags: ['Blog'],
        summary: 'One published post (a draft is 404)',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such published post' },
      },
    })
    .input(idInput)
    .output(blogPostSchema)
    .query(({ ctx, input }) => getPublishedPost(ctx.deps.db.db, input.id)),

  adminList: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs',
        tags: ['Admin'],
        summary: 'Every post, drafts included, newest first',
              },
    })
    .input(z.void())
    .output(z.array(blogPostSchema))
    .query(({ ctx }) => listAllPosts(ctx.deps.db.db)),

  create: adminProcedure
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blogs',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Admin'],
        summary: 'Creates a post (a Draft unless published is true); its HTML is sanitised',
        errorResponses: { 400: 'Title or content missing (content with no visible text counts as missing)' },
      },
    })
    .input(blogFieldsSchema)
    .output(blogPostSchema)
    .mutation(({ ctx, input }) => createPost(ctx.deps.db.db, input, ctx.user.id, ctx.deps.clock())),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/blogs/{id}',
        tags: ['Admin'],
        summary: 'Changes a post; published true publishes it, false takes it back to Draft',
        errorResponses: { 400: 'An empty title or content', 404: 'No such post' },
      },
    })
    .input(blogUpdateSchema.extend({ id: blogIdSchema }))
    .output(blogPostSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updatePost(ctx.deps.db.db, id, changes, ctx.deps.clock());
    }),

  delete: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/blogs/{id}',
        tags: ['Admin'],
        summary: 'Deletes a post',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such post' },
      },
    })
    .input(idInput)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await deletePost(ctx.deps.db.db, input.id);
      return { message: 'Blog post deleted' };
    }),
});
