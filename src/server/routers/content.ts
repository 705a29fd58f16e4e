import { z } from 'zod';
import {
  advertisingServiceSchema,
  CONTENT_LIST_LIMIT_DEFAULT,
  CONTENT_LIST_LIMIT_MAX,
  contentListInputSchema,
  newsletterSchema,
  PARTNERS_SHOWN,
  partnerSchema,
  testimonialSchema,
} from '../../shared/content';
import { businessDetailsSchema } from '../../shared/business.schema';
import { getBusinessDetails } from '../services/site-content';
import {
  listShownPartners,
  newsletterList,
  services,
  testimonialList,
  type ContentStore,
} from '../services/site-content';
import { publicProcedure, router } from '../trpc/init';
import { answerPage, pagingErrors, pagingHeaders } from '../trpc/paging';
import type { Context } from '../trpc/context';

// What visitors read of the home page's content: the lists an admin edits (hidden items left out),
// each a page at a time like GET /api/blog (issue 14: no answer grows with the database), and the
// business details every page shows.

/** page and limit of a content list, as GET /api/blog documents them. */
const listDescription =
  `page (from 1) and limit (default ${CONTENT_LIST_LIMIT_DEFAULT}, at most ${CONTENT_LIST_LIMIT_MAX}) choose the page; ` +
  'the body is that page of the list, in display order; X-Total-Count and Link (rel next/prev) tell the rest. ' +
  'A page past the end is an empty array.';
const listErrors = pagingErrors(CONTENT_LIST_LIMIT_MAX);

/** One page of visible items, with the paging headers. No input (an older tRPC caller) is the first page. */
async function visiblePage<Item>(
  ctx: Context,
  path: string,
  store: ContentStore<Item, unknown>,
  input: z.infer<typeof contentListInputSchema> | undefined,
): Promise<Item[]> {
  const page = input ?? contentListInputSchema.parse({});
  return answerPage(ctx, path, page, await store.listVisible(ctx.deps.db, page));
}

export const contentRouter = router({
  advertisingServices: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/advertising-services',
        tags: ['Content'],
        summary: 'The advertising services offered, in display order',
        description: listDescription,
        errorResponses: listErrors,
        responseHeaders: pagingHeaders,
      },
    })
    .input(contentListInputSchema.optional())
    .output(z.array(advertisingServiceSchema))
    .query(({ ctx, input }) => visiblePage(ctx, '/advertising-services', services, input)),

  newsletters: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/newsletters',
        tags: ['Content'],
        summary: 'The community newsletters published, in display order, with their subscribe links',
        description: listDescription,
        errorResponses: listErrors,
        responseHeaders: pagingHeaders,
      },
    })
    .input(contentListInputSchema.optional())
    .output(z.array(newsletterSchema))
    .query(({ ctx, input }) => visiblePage(ctx, '/newsletters', newsletterList, input)),

  testimonials: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/testimonials',
        tags: ['Content'],
        summary: 'What customers say about us, in display order',
        description: listDescription,
        errorResponses: listErrors,
        responseHeaders: pagingHeaders,
      },
    })
    .input(contentListInputSchema.optional())
    .output(z.array(testimonialSchema))
    .query(({ ctx, input }) => visiblePage(ctx, '/testimonials', testimonialList, input)),

  partners: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/partners',
        tags: ['Content'],
        summary: `The partner organisations the home page shows: at most ${PARTNERS_SHOWN}, in display order`,
      },
    })
    .input(z.void())
    .output(z.array(partnerSchema))
    .query(({ ctx }) => listShownPartners(ctx.deps.db)),

  business: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/business',
        tags: ['Content'],
        summary:
          "The business's contact details: e-mail, phone, address, office hours and the academy's e-mail",
      },
    })
    .input(z.void())
    .output(businessDetailsSchema)
    .query(({ ctx }) => getBusinessDetails(ctx.deps.db)),
});
