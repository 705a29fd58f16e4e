import { z } from 'zod';
import { advertisingServiceSchema, newsletterSchema, testimonialSchema } from '../../shared/content';
import { listAdvertisingServices, listNewsletters, listTestimonials } from '../services/content';
import { publicProcedure, router } from '../trpc/init';

export const contentRouter = router({
  advertisingServices: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/advertising-services',
        tags: ['Content'],
        summary: 'The advertising services offered, in display order',
      },
    })
    .input(z.void())
    .output(z.array(advertisingServiceSchema))
    .query(({ ctx }) => listAdvertisingServices(ctx.deps.db)),

  newsletters: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/newsletters',
        tags: ['Content'],
        summary: 'The community newsletters published, in display order',
      },
    })
    .input(z.void())
    .output(z.array(newsletterSchema))
    .query(({ ctx }) => listNewsletters(ctx.deps.db)),

  testimonials: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/testimonials',
        tags: ['Content'],
        summary: 'What customers say about us, in display order',
      },
    })
    .input(z.void())
    .output(z.array(testimonialSchema))
    .query(({ ctx }) => listTestimonials(ctx.deps.db)),
});
