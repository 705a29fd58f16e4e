import { z } from 'zod';
import {
  PODCAST_LIMIT_MAX,
  PODCAST_PAGE_SIZE,
  podcastEpisodeSchema,
  podcastListInputSchema,
  podcastPageSchema,
  podcastPagesInputSchema,
} from '../../shared/podcasts.schema';
import { listEpisodes } from '../services/podcasts';
import { publicProcedure, router } from '../trpc/init';
import { answerPage, pagingErrors, pagingHeaders } from '../trpc/paging';

export const podcastsRouter = router({
  list: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/podcasts',
        tags: ['Podcasts'],
        summary:
          'The podcast episodes, newest first, one page at a time; play one through GET /api/audio-proxy/{id}',
        description:
          `page (from 1) and limit (default ${PODCAST_PAGE_SIZE}, at most ${PODCAST_LIMIT_MAX}); q searches title and ` +
          'description ignoring case. X-Total-Count and Link (rel next/prev) tell the rest; past the end is an empty array.',
        errorResponses: pagingErrors(PODCAST_LIMIT_MAX),
        responseHeaders: pagingHeaders,
      },
    })
    // No input at all (an older tRPC caller) is the first page.
    .input(podcastListInputSchema.optional())
    .output(z.array(podcastEpisodeSchema))
    .query(async ({ ctx, input }) => {
      const filter = input ?? podcastListInputSchema.parse({});
      return answerPage(ctx, '/podcasts', filter, await listEpisodes(ctx.deps.db, filter));
    }),

  pages: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/podcasts/pages',
        tags: ['Podcasts'],
        summary: `One page of episodes as the home page shows them: ${PODCAST_PAGE_SIZE} episodes, the total and the page`,
        description: 'q searches title and description ignoring case; the total is of the same search.',
        errorResponses: { 400: 'page not a whole number, or q longer than 100 characters' },
      },
    })
    .input(podcastPagesInputSchema)
    .output(podcastPageSchema)
    .query(async ({ ctx, input }) => {
      const { items, total } = await listEpisodes(ctx.deps.db, { ...input, limit: PODCAST_PAGE_SIZE });
      return { items, total, page: input.page, pageSize: PODCAST_PAGE_SIZE };
    }),
});
