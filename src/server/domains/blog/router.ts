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
  blogPostSchema,
  blogUpdateSchema,
} from '../../../shared/blog.schema';
import { messageSchema } from '../../../shared/auth';
import {
  adminBlogPostSchema,
  adminBlogTagSchema,
  adminTagsInputSchema,
  blogSearchInputSchema,
  blogSearchPageSchema,
  blogTagSchema,
  publicBlogPostSchema,
  publishingFieldsSchema,
  revisionSchema,
  revisionRowSchema,
  revisionsInputSchema,
  savedPostSchema,
  slugAvailableInputSchema,
  slugAvailableSchema,
  tagDetailsSchema,
  tagPageInputSchema,
  tagPageSchema,
  tagUpdateSchema,
  publicBlogPageSchema,
} from '../../../shared/blog-publishing.schema';
import { BLOG_SEARCH_TOTAL_MAX, BLOG_SLUG_MAX } from '../../../shared/blog-publishing';
import {
  autosavePost,
  createPost,
  deletePost,
  getAdminPost,
  getPublicPostBySlug,
  getPublishedPost,
  restoreRevision,
  toAdminPost,
  updatePost,
} from './posts';
import {
  listAllPosts,
  listPostSummaries,
  listPublishedCategories,
  listPublishedPage,
  listPublishedPosts,
} from './post-lists';
import { getRevision, listRevisions } from './revisions';
import { slugAvailable } from './slugs';
import { getTagPage } from './tag-pages';
import { deleteTag, listAdminTags, mergeTags, suggestTags, updateTag } from './tags';
import { SEARCH_RECENT_POSTS, searchPosts } from './search';
import { answerPage, pagingErrors, pagingHeaders, withPageSize } from '../../web/trpc/paging';
import { adminProcedure, publicProcedure, router } from '../../web/trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';

const idInput = z.object({ id: blogIdSchema });
const expectedVersion = z.number().int().positive().optional();
const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

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
    .output(publicBlogPageSchema)
    .query(async ({ ctx, input }) => {
      const [{ items, total }, categories] = await Promise.all([
        listPublishedPage(ctx.deps.db, { ...input, pageSize: BLOG_PAGE_SIZE }),
        listPublishedCategories(ctx.deps.db),
      ]);
      return { items, total, page: input.page, pageSize: BLOG_PAGE_SIZE, categories };
    }),

  bySlug: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/blog/by-slug/{slug}',
        tags: ['Blog'],
        summary:
          'One published post by its address word, with its tags, reading time and three related posts',
        errorResponses: { 400: 'The slug is too long', 404: 'No such published post' },
      },
    })
    .input(z.object({ slug: z.string().trim().max(BLOG_SLUG_MAX) }))
    .output(publicBlogPostSchema)
    .query(({ ctx, input }) => getPublicPostBySlug(ctx.deps.db, input.slug)),

  tagPage: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/blog/tags/{slug}',
        tags: ['Blog'],
        summary: "One page of a tag's published posts, newest first",
        errorResponses: { 400: 'page not a whole number', 404: 'No such tag' },
      },
    })
    .input(tagPageInputSchema)
    .output(tagPageSchema)
    .query(({ ctx, input }) => getTagPage(ctx.deps.db, input.slug, input.page)),

  search: publicProcedure
    .meta({
      cache: 'public',
      cacheAs: 'search',
      openapi: {
        method: 'GET',
        path: '/blog/search',
        tags: ['Blog'],
        summary:
          'Published posts matching the words q (title first, then tags and excerpt, then text), with the matches marked',
        description:
          'Full-text search in English (stemmed); a misspelt word is matched to the nearest word of the posts. ' +
          'titleParts and snippetParts are the text in pieces, match true where a searched word was found. ' +
          `total counts the matching posts up to ${BLOG_SEARCH_TOTAL_MAX}; when more match, total is ${BLOG_SEARCH_TOTAL_MAX} and moreThanTotal is true ` +
          '(the pages past it can still be read). Posts that name the words in their title, tags or excerpt come first, ' +
          `best first (when very many do, those among the ${SEARCH_RECENT_POSTS.toLocaleString('en-GB')} newest posts), then the other matches, newest first.`,
        errorResponses: { 400: 'q too long or page not a whole number' },
      },
    })
    .input(blogSearchInputSchema)
    .output(blogSearchPageSchema)
    .query(({ ctx, input }) => searchPosts(ctx.deps.db, input.q, input.page)),

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
        summary:
          'One post, draft or published, with its content, tags and search fields: what the editor opens',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such post' },
      },
    })
    .input(idInput)
    .output(adminBlogPostSchema)
    .query(({ ctx, input }) => getAdminPost(ctx.deps.db, input.id)),

  create: adminProcedure
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blogs',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Admin'],
        summary: 'Creates a post (a Draft unless published is true); its HTML is sanitised',
        errorResponses: {
          400: 'Title or content missing (content with no visible text counts as missing), or scheduled without publishAt',
        },
      },
    })
    .input(blogFieldsSchema.extend(publishingFieldsSchema.shape))
    .output(adminBlogPostSchema)
    .mutation(async ({ ctx, input }) =>
      toAdminPost(ctx.deps.db, await createPost(ctx.deps.db, input, ctx.user.id, ctx.deps.clock())),
    ),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/blogs/{id}',
        tags: ['Admin'],
        summary: 'Changes a post; published true publishes it, false takes it back to Draft',
        errorResponses: {
          400: 'An empty title or content',
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
      const row = await updatePost(ctx.deps.db, id, changes, ctx.user.id, ctx.deps.clock());
      return toAdminPost(ctx.deps.db, row);
    }),

  autosave: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/blogs/{id}/autosave',
        tags: ['Admin'],
        summary:
          "Saves a draft's fields as they are typed (no revision); a post that is not a draft is refused",
        errorResponses: {
          400: 'An empty title or content, or the post is not a draft',
          404: 'No such post',
          409: 'expectedVersion is not the current version',
        },
      },
    })
    .input(
      blogUpdateSchema.extend(publishingFieldsSchema.shape).extend({ id: blogIdSchema, expectedVersion }),
    )
    .output(savedPostSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return autosavePost(ctx.deps.db, id, changes, ctx.user.id, ctx.deps.clock());
    }),

  slugAvailable: adminProcedure
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

  adminTags: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog-tags',
        tags: ['Admin'],
        summary: 'Tags A to Z with their post counts, one page at a time (q: part of the name)',
        description:
          'postCount is every post that carries the tag, drafts and scheduled posts included (what deleting ' +
          'it touches); publishedCount is the posts published by now, the number its public page shows.',
        errorResponses: { 400: 'page or pageSize not a whole number' },
      },
    })
    .input(adminTagsInputSchema)
    .output(pagedOf(adminBlogTagSchema))
    .query(({ ctx, input }) => listAdminTags(ctx.deps.db, input)),

  tagSuggest: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog-tags/suggest',
        tags: ['Admin'],
        summary: 'Up to 10 tags whose name starts with q, for the editor while typing',
        errorResponses: { 400: 'q too long' },
      },
    })
    .input(z.object({ q: z.string().trim().max(50) }))
    .output(z.array(z.object({ name: z.string(), slug: z.string(), postCount: z.number().int() })))
    .query(({ ctx, input }) => suggestTags(ctx.deps.db, input.q)),

  renameTag: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/blog-tags/{id}',
        tags: ['Admin'],
        summary: 'Renames a tag (its address stays) and sets what its page shows',
        description:
          'Any of name, description (shown on the tag page) and metaTitle and metaDescription (for search ' +
          'engines; empty means "Posts tagged <name>" and the description). Fields left out are kept.',
        errorResponses: {
          400: 'An empty or too long name, or a field too long',
          404: 'No such tag',
          409: 'Another tag has that name',
        },
      },
    })
    .input(tagUpdateSchema.extend({ id: blogIdSchema }))
    .output(tagDetailsSchema)
    .mutation(({ ctx, input: { id, ...fields } }) => updateTag(ctx.deps.db, id, fields)),

  mergeTags: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blog-tags/{fromId}/merge',
        tags: ['Admin'],
        summary: "Moves a tag's posts to another tag (intoId) and deletes it",
        errorResponses: { 400: 'The same tag twice', 404: 'No such tag' },
      },
    })
    .input(z.object({ fromId: blogIdSchema, intoId: blogIdSchema }))
    .output(blogTagSchema)
    .mutation(({ ctx, input }) => mergeTags(ctx.deps.db, input.fromId, input.intoId)),

  deleteTag: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/blog-tags/{id}',
        tags: ['Admin'],
        summary: 'Deletes a tag (its posts keep their other tags)',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such tag' },
      },
    })
    .input(idInput)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteTag(ctx.deps.db, input.id);
      return { message: 'Tag deleted' };
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
