import { z } from 'zod';
import { podcastEpisodeSchema } from '../../shared/podcasts.schema';
import { listEpisodes } from '../services/podcasts';
import { publicProcedure, router } from '../trpc/init';

export const podcastsRouter = router({
  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/podcasts',
        tags: ['Podcasts'],
        summary: 'The podcast episodes, newest first; play one through GET /api/audio-proxy/{id}',
      },
    })
    .input(z.void())
    .output(z.array(podcastEpisodeSchema))
    .query(({ ctx }) => listEpisodes(ctx.deps.db.db)),
});
