import { z } from 'zod';
import { advertisingServiceSchema } from '../../shared/content';
import { listAdvertisingServices } from '../services/content';
import { publicProcedure, router } from '../trpc/init';

export const contentRouter = router({
  advertisingServices: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/advertising-services',
        tags: ['Content'],
        summary: 'The advertising services offered, in display order',
        protect: false,
      },
    })
    .input(z.void())
    .output(z.array(advertisingServiceSchema))
    .query(({ ctx }) => listAdvertisingServices(ctx.deps.db.db)),
});
