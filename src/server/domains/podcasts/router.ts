import { z } from 'zod';
import {
  PODCAST_LIMIT_MAX,
  PODCAST_PAGE_SIZE,
  podcastEpisodeSchema,
  podcastListInputSchema,
  podcastPageSchema,
  podcastPagesInputSchema,
  adminEpisodePageSchema,
  adminEpisodeSchema,
  episodeFieldsSchema,
  episodeListAdminInputSchema,
  episodeUpdateSchema,
  importResultSchema,
  podcastFeedInputSchema,
  podcastFeedSchema,
} from '../../../shared/podcasts.schema';
import { listEpisodes } from './episodes';
import {
  createEpisode,
  deleteEpisode,
  getPodcastFeed,
  importPodcastFeedNow,
  listAllEpisodes,
  setPodcastFeedUrl,
  updateEpisode,
} from './admin';
import { publicProcedure, router, staffProcedure } from '../../web/trpc/init';
import { answerPage, pagingErrors, pagingHeaders, withPageSize } from '../../web/trpc/paging';
import { adminMessageSchema } from '../../../shared/admin.schema';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';

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
      return answerPage(ctx, '/podcasts', filter, await listEpisodes(ctx.deps.db, withPageSize(filter)));
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
      const { items, total } = await listEpisodes(ctx.deps.db, { ...input, pageSize: PODCAST_PAGE_SIZE });
      return { items, total, page: input.page, pageSize: PODCAST_PAGE_SIZE };
    }),
});

// The admin's podcast section: the episodes, hidden ones included, episodes added by
// hand, and the show's feed: its address and an import on request.
const tags = ['Admin: site content'];
const idInput = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const feedEpisode = 'An episode of the feed: only visible can change, and it cannot be deleted';

export const podcastAdminRouter = router({
  // The feed's paths come before /admin/podcasts/{id}: the REST router takes the first that matches.
  feed: staffProcedure('editSiteContent')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/podcasts/feed',
        tags,
        summary: "The show's feed address (the admin's, or PODCAST_FEED_URL) and how its last import went",
      },
    })
    .input(z.void())
    .output(podcastFeedSchema)
    .query(({ ctx }) => getPodcastFeed(ctx.deps)),

  setFeed: staffProcedure('editSiteContent')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/podcasts/feed',
        tags,
        summary:
          "Sets the show's feed address, imported by 'Import now' and the regular refresh; null or '' turns the import off",
        errorResponses: { 400: 'Not an http(s) address' },
      },
    })
    .input(podcastFeedInputSchema)
    .output(podcastFeedSchema)
    .mutation(({ ctx, input }) => setPodcastFeedUrl(ctx.deps, input.feedUrl, ctx.activity)),

  importNow: staffProcedure('editSiteContent')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/podcasts/feed/import',
        tags,
        summary:
          'Imports the feed now: new episodes are added, known ones updated (hidden ones stay hidden), none deleted',
        description:
          'The feed is fetched only from public addresses, at most 10 MB, within 30 seconds; a feed that cannot be ' +
          'fetched or read changes nothing.',
        errorResponses: {
          400: 'No feed address is set',
          502: 'The feed could not be fetched or read; no episode changed',
        },
      },
    })
    .input(z.void())
    .output(importResultSchema)
    .mutation(({ ctx }) => importPodcastFeedNow(ctx.deps)),

  episodes: staffProcedure('editSiteContent')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/podcasts',
        tags,
        summary:
          'Every episode, hidden ones too, newest first, with where it came from (feed, manual, sample)',
        errorResponses: { 400: 'page or pageSize out of range (pageSize at most 100), or q too long' },
      },
    })
    .input(episodeListAdminInputSchema)
    .output(adminEpisodePageSchema)
    .query(({ ctx, input }) => listAllEpisodes(ctx.deps.db, input)),

  createEpisode: staffProcedure('editSiteContent')
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/podcasts',
        requestHeaders: idempotencyKeyHeaders,
        tags,
        summary:
          'Adds an episode by hand: its audio uploaded (POST /objects/upload with kind audio) or at an http(s) address',
      },
    })
    .input(episodeFieldsSchema)
    .output(adminEpisodeSchema)
    .mutation(({ ctx, input }) => createEpisode(ctx.deps.db, input, ctx.deps.clock(), ctx.activity)),

  updateEpisode: staffProcedure('editSiteContent')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/podcasts/{id}',
        tags,
        summary: 'Changes an episode added by hand, or shows or hides any episode (visible)',
        errorResponses: {
          400: 'The id is not a whole number, or a field is empty, too long or not an accepted address',
          404: 'No such episode',
          409: feedEpisode,
        },
      },
    })
    .input(episodeUpdateSchema.extend(idInput.shape))
    .output(adminEpisodeSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateEpisode(ctx.deps.db, id, changes, ctx.deps.clock(), ctx.activity);
    }),

  deleteEpisode: staffProcedure('editSiteContent')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/podcasts/{id}',
        tags,
        summary: 'Deletes an episode added by hand (or a sample); hide an episode of the feed instead',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such episode', 409: feedEpisode },
      },
    })
    .input(idInput)
    .output(adminMessageSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteEpisode(ctx.deps.db, input.id, ctx.activity);
      return { message: 'The episode has been deleted.' };
    }),
});
