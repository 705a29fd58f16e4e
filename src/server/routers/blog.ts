import { z } from 'zod';
import {
  ADMIN_BLOG_PAGE_SIZE,
  adminBlogListInputSchema,
  adminBlogPageInputSchema,
  adminBlogPageSchema,
  BLOG_LIMIT_MAX,
  BLOG_PAGE_SIZE,
  blogFieldsSchema,
  blogIdSchema,
  blogListInputSchema,
  blogPageInputSchema,
  blogPageSchema,
  blogPostSchema,
  blogUpdateSchema,
} from '../../shared/blog.schema';
import { messageSchema } from '../../shared/auth';
import {
  createPost,
  deletePost,
  getPost,
  getPublishedPost,
  listAllPosts,
  listPublishedCategories,
  listPublishedPosts,
  listPostSummaries,
  listPublishedSummaries,
  updatePost,
} from '../services/blog';
import { answerPage, pagingErrors, pagingHeaders, withPageSize } from '../trpc/paging';
import { adminProcedure, publicProcedure, router } from '../trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../trpc/idempotency';

const idInput = z.object({ id: blogIdSchema });

export const blogRouter = router({
  list: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/blog',
        tags: ['Blog'],
        summary: 'Published posts, newest first, one page at a time',
        description:
          `page (from 1) and limit (default ${BLOG_PAGE_SIZE}, at most ${BLOG_LIMIT_MAX}) choose the page; category keeps ` +
          'the posts of one category. The body is the page of posts; X-Total-Count and Link (rel next/prev) tell the rest. ' +
          'A page past the end is an empty array.',
        errorResponses: pagingErrors(BLOG_LIMIT_MAX),
        responseHeaders: pagingHeaders,
      },
    })
    .input(blogListInputSchema)
    .output(z.array(blogPostSchema))
    .query(async ({ ctx, input }) =>
      answerPage(ctx, '/blog', input, await listPublishedPosts(ctx.deps.db, withPageSize(input))),
    ),

  // Before `get`: the REST router takes the first path that matches, and {id} would match 'pages'.
  pages: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/blog/pages',
        tags: ['Blog'],
        summary: `One page of the blog as /blog shows it: ${BLOG_PAGE_SIZE} posts without their content, the total and the categories`,
        errorResponses: { 400: 'page not a whole number' },
      },
    })
    .input(blogPageInputSchema)
    .output(blogPageSchema)
    .query(async ({ ctx, input }) => {
      const [{ items, total }, categories] = await Promise.all([
        listPublishedSummaries(ctx.deps.db, { ...input, pageSize: BLOG_PAGE_SIZE }),
        listPublishedCategories(ctx.deps.db),
      ]);
      return { items, total, page: input.page, pageSize: BLOG_PAGE_SIZE, categories };
    }),

  get: publicProcedure
    .meta({
      cache: 'public',
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
    .query(({ ctx, input }) => getPublishedPost(ctx.deps.db, input.id)),

  adminList: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs',
        tags: ['Admin'],
        summary: 'Every post, drafts included, newest first, one page at a time',
        description:
          `page (from 1) and limit (default ${ADMIN_BLOG_PAGE_SIZE}, at most ${BLOG_LIMIT_MAX}); status (published or draft) and q, ` +
          'searched in title, excerpt and category ignoring case. X-Total-Count and Link (rel next/prev) tell the rest.',
        errorResponses: {
          400: `page or limit not a whole number, limit above ${BLOG_LIMIT_MAX}, or an unknown status`,
        },
        responseHeaders: pagingHeaders,
      },
    })
    .input(adminBlogListInputSchema)
    .output(z.array(blogPostSchema))
    .query(async ({ ctx, input }) =>
      answerPage(ctx, '/admin/blogs', input, await listAllPosts(ctx.deps.db, withPageSize(input))),
    ),

  // Before `adminGet`: the REST router takes the first path that matches.
  adminPage: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs/summaries',
        tags: ['Admin'],
        summary: 'The admin list of posts: one page of rows without their content, and the total',
        description: 'The same filters as GET /admin/blogs (status, q), paged with page and pageSize.',
        errorResponses: {
          400: `page or pageSize not a whole number, pageSize above ${BLOG_LIMIT_MAX}, or an unknown status`,
        },
      },
    })
    .input(adminBlogPageInputSchema)
    .output(adminBlogPageSchema)
    .query(async ({ ctx, input }) => {
      const { items, total } = await listPostSummaries(ctx.deps.db, input);
      return { items, total, page: input.page, pageSize: input.pageSize };
    }),

  adminGet: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs/{id}',
        tags: ['Admin'],
        summary: 'One post, draft or published, with its content: what the editor opens',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such post' },
      },
    })
    .input(idInput)
    .output(blogPostSchema)
    .query(({ ctx, input }) => getPost(ctx.deps.db, input.id)),

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
    .mutation(({ ctx, input }) => createPost(ctx.deps.db, input, ctx.user.id, ctx.deps.clock())),

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
      return updatePost(ctx.deps.db, id, changes, ctx.deps.clock());
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
      await deletePost(ctx.deps.db, input.id);
      return { message: 'Blog post deleted' };
    }),
});
