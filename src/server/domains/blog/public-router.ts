import { z } from 'zod';
import { BLOG_SEARCH_TOTAL_MAX, BLOG_SLUG_MAX } from '../../../shared/blog-publishing';
import {
  authorPageInputSchema,
  authorPageSchema,
  blogSearchInputSchema,
  blogSearchPageSchema,
  publicBlogPageSchema,
  publicBlogPostSchema,
  tagPageInputSchema,
  tagPageSchema,
} from '../../../shared/blog-publishing.schema';
import {
  BLOG_LIMIT_MAX,
  BLOG_PAGE_SIZE,
  blogListInputSchema,
  blogPageInputSchema,
  blogPostSchema,
} from '../../../shared/blog.schema';
import { publicProcedure, rateLimited } from '../../web/trpc/init';
import { answerPage, pagingErrors, pagingHeaders, withPageSize } from '../../web/trpc/paging';
import { listPublishedCategories, listPublishedPage, listPublishedPosts } from './post-lists';
import { getPublicPostBySlug, getPublishedPost } from './posts';
import { idInput } from './router-inputs';
import { SEARCH_RATE_LIMIT, SEARCH_RECENT_POSTS, searchPosts } from './search';
import { getTagPage } from './tag-pages';
import { getAuthorPage } from './authors';

// What visitors read: the pages of /blog, a post by its address word or number, a tag's page, search.
// In this order: the REST router takes the first path that matches.
export const publicBlogProcedures = {
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

  authorPage: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/blog/authors/{slug}',
        tags: ['Blog'],
        summary: 'An author (name, photo, short bio) and one page of their published posts, newest first',
        description:
          'slug is the address word of /author/<slug>. Someone with no published post is not shown (404), ' +
          'their name included.',
        errorResponses: { 400: 'page not a whole number', 404: 'No such author' },
      },
    })
    .input(authorPageInputSchema)
    .output(authorPageSchema)
    .query(({ ctx, input }) => getAuthorPage(ctx.deps.db, input.slug, input.page)),

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
    .use(rateLimited(SEARCH_RATE_LIMIT))
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
};
