import { z } from 'zod';
import { messageSchema } from '../../../shared/auth';
import {
  adminBlogPostSchema,
  authorChoiceSchema,
  publishingFieldsSchema,
  savedPostSchema,
  slugAvailableInputSchema,
  slugAvailableSchema,
} from '../../../shared/blog-publishing.schema';
import {
  ADMIN_BLOG_PAGE_SIZE,
  adminBlogListInputSchema,
  adminBlogPageInputSchema,
  adminBlogPageSchema,
  BLOG_LIMIT_MAX,
  blogFieldsSchema,
  blogIdSchema,
  blogPostSchema,
  blogUpdateSchema,
} from '../../../shared/blog.schema';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';
import { staffProcedure } from '../../web/trpc/init';
import { answerPage, pagingHeaders, withPageSize } from '../../web/trpc/paging';
import { listAllPosts, listPostSummaries } from './post-lists';
import { autosavePost, createPost, deletePost, getAdminPost, toAdminPost, updatePost } from './posts';
import { expectedVersion, idInput } from './router-inputs';
import { assertMayChooseAuthors, assertMayPublish, assertMayTouch, listedAuthor } from './authoring';
import { listAuthorChoices } from './authors';
import { slugAvailable } from './slugs';

// The admin's posts: the lists, the editor's post, create, save, autosave, a free address word,
// delete. In this order: the REST router takes the first path that matches.
export const postAdminProcedures = {
  adminList: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs',
        tags: ['Admin'],
        summary:
          'Every post, drafts included, newest first, one page at a time (your own only, below Editor)',
        description:
          `page (from 1) and limit (default ${ADMIN_BLOG_PAGE_SIZE}, at most ${BLOG_LIMIT_MAX}); status (published, scheduled or draft), ` +
          "tag (a tag's address: the posts that carry it) and q, searched in title, excerpt and category ignoring case. " +
          'X-Total-Count and Link (rel next/prev) tell the rest.',
        errorResponses: {
          400: `page or limit not a whole number, limit above ${BLOG_LIMIT_MAX}, an unknown status or a tag too long`,
        },
        responseHeaders: pagingHeaders,
      },
    })
    .input(adminBlogListInputSchema)
    .output(z.array(blogPostSchema))
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        '/admin/blogs',
        input,
        await listAllPosts(ctx.deps.db, { ...withPageSize(input), authorId: listedAuthor(ctx.user) }),
      ),
    ),

  // Before `adminGet`: the REST router takes the first path that matches.
  adminPage: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs/summaries',
        tags: ['Admin'],
        summary:
          'The admin list of posts: one page of rows without their content, and the total (your own only, below Editor)',
        description:
          'The same filters as GET /admin/blogs (status, tag, q), paged with page and pageSize, or read by position ' +
          "after a nextCursor or before a prevCursor (a deep page costs what the first does). Each row carries the post's tags.",
        errorResponses: {
          400: `page or pageSize not a whole number, pageSize above ${BLOG_LIMIT_MAX}, an unknown status or a tag too long`,
        },
      },
    })
    .input(adminBlogPageInputSchema)
    .output(adminBlogPageSchema)
    .query(({ ctx, input }) =>
      listPostSummaries(ctx.deps.db, { ...input, authorId: listedAuthor(ctx.user) }),
    ),

  // Before `adminGet`, as above.
  authorChoices: staffProcedure('editAllPosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs/authors',
        tags: ['Admin'],
        summary: "The staff who write posts, by name: whom an editor may name in a post's byline (authorIds)",
      },
    })
    .input(z.void())
    .output(z.array(authorChoiceSchema))
    .query(({ ctx }) => listAuthorChoices(ctx.deps.db)),

  adminGet: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blogs/{id}',
        tags: ['Admin'],
        summary:
          'One post, draft or published, with its content, tags and search fields: what the editor opens',
        errorResponses: {
          400: 'The id is not a whole number',
          403: "Someone else's post, or your own once an editor has taken it on (for roles that only write drafts)",
          404: 'No such post',
        },
      },
    })
    .input(idInput)
    .output(adminBlogPostSchema)
    .query(async ({ ctx, input }) => {
      await assertMayTouch(ctx.deps.db, ctx.user, input.id);
      return getAdminPost(ctx.deps.db, input.id);
    }),

  create: staffProcedure('writePosts')
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blogs',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Admin'],
        summary: 'Creates a post (a Draft unless published is true); its HTML is sanitised',
        errorResponses: {
          400: 'Title or content missing (content with no visible text counts as missing), scheduled without publishAt, or an author who is not staff who write',
          403: 'Published or scheduled by a role that may only write drafts, or authorIds from a role below Editor',
        },
      },
    })
    .input(blogFieldsSchema.extend(publishingFieldsSchema.shape))
    .output(adminBlogPostSchema)
    .mutation(async ({ ctx, input }) => {
      assertMayPublish(ctx.user, input);
      assertMayChooseAuthors(ctx.user, input);
      return toAdminPost(ctx.deps.db, await createPost(ctx.deps.db, input, ctx.user.id, ctx.deps.clock()));
    }),

  update: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/blogs/{id}',
        tags: ['Admin'],
        summary: 'Changes a post; published true publishes it, false takes it back to Draft',
        errorResponses: {
          400: 'An empty title or content, or an author who is not staff who write',
          403: "Someone else's post (editors change every post), published or scheduled by a role that may only write drafts, or authorIds from a role below Editor",
          404: 'No such post',
          409: 'expectedVersion is not the current version (someone else saved), or the slug is taken',
        },
      },
    })
    .input(
      blogUpdateSchema.extend(publishingFieldsSchema.shape).extend({ id: blogIdSchema, expectedVersion }),
    )
    .output(adminBlogPostSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      assertMayPublish(ctx.user, changes);
      assertMayChooseAuthors(ctx.user, changes);
      await assertMayTouch(ctx.deps.db, ctx.user, id);
      const row = await updatePost(ctx.deps.db, id, changes, ctx.user.id, ctx.deps.clock());
      return toAdminPost(ctx.deps.db, row);
    }),

  autosave: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/blogs/{id}/autosave',
        tags: ['Admin'],
        summary:
          "Saves a draft's fields as they are typed (no revision); a post that is not a draft is refused",
        errorResponses: {
          400: 'An empty title or content, or the post is not a draft',
          403: "Someone else's post",
          404: 'No such post',
          409: 'expectedVersion is not the current version',
        },
      },
    })
    .input(
      blogUpdateSchema.extend(publishingFieldsSchema.shape).extend({ id: blogIdSchema, expectedVersion }),
    )
    .output(savedPostSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      assertMayChooseAuthors(ctx.user, changes);
      await assertMayTouch(ctx.deps.db, ctx.user, id);
      return autosavePost(ctx.deps.db, id, changes, ctx.user.id, ctx.deps.clock());
    }),

  slugAvailable: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog-slugs/available',
        tags: ['Admin'],
        summary: 'Whether a post address word is free (id: the post being edited), and a free one if not',
        errorResponses: { 400: 'slug too long' },
      },
    })
    .input(slugAvailableInputSchema)
    .output(slugAvailableSchema)
    .query(({ ctx, input }) => slugAvailable(ctx.deps.db, input)),

  delete: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/blogs/{id}',
        tags: ['Admin'],
        summary: 'Deletes a post',
        errorResponses: {
          400: 'The id is not a whole number',
          403: "Someone else's post, or your own once an editor has taken it on (for roles that only write drafts)",
          404: 'No such post',
        },
      },
    })
    .input(idInput)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await assertMayTouch(ctx.deps.db, ctx.user, input.id);
      await deletePost(ctx.deps.db, input.id);
      return { message: 'Blog post deleted' };
    }),
};
