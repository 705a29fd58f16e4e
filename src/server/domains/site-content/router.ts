import { z } from 'zod';
import { adminMessageSchema } from '../../../shared/admin.schema';
import { businessDetailsSchema } from '../../../shared/business.schema';
import {
  adminNewsletterPageSchema,
  adminPublicationSchema,
  adminPartnerPageSchema,
  adminPartnerSchema,
  adminServicePageSchema,
  adminServiceSchema,
  adminTestimonialPageSchema,
  adminTestimonialSchema,
  contentAdminListInputSchema,
  contentIdSchema,
  moveInputSchema,
  publicationFieldsSchema,
  partnerFieldsSchema,
  serviceFieldsSchema,
  testimonialFieldsSchema,
  advertisingServiceSchema,
  CONTENT_LIST_LIMIT_DEFAULT,
  CONTENT_LIST_LIMIT_MAX,
  contentListInputSchema,
  publicationSchema,
  PARTNERS_SHOWN,
  partnerSchema,
  testimonialSchema,
} from '../../../shared/content';
import { updateBusinessDetails, getBusinessDetails } from './business';
import {
  publicationList,
  partnerList,
  services,
  testimonialList,
  type ContentStore,
  listShownPartners,
} from './content';
import { staffProcedure, router, publicProcedure } from '../../web/trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';
import { answerPage, pagingErrors, pagingHeaders, withPageSize } from '../../web/trpc/paging';
import type { Context } from '../../web/trpc/context';

// The admin's sections for the site's content: the same five operations for each of
// the home page's lists, and the business details. Every change empties the response cache (any
// successful write does), so visitors see it at once, and is recorded in the activity log.

const tags = ['Admin: site content'];

/**
 * The operations of one content list, at /admin/<path> and /admin/<path>/{id}. The answers are
 * checked by the item schemas given; `as never` only tells TypeScript, which cannot resolve tRPC's
 * types over a generic schema, what those schemas guarantee (the router's type, and so the
 * client's, is computed from the concrete schemas of each list).
 */
function contentListRouter<
  Fields extends z.ZodObject,
  Item extends z.ZodType,
  ItemPage extends z.ZodType,
>(options: {
  path: `/${string}`;
  /** 'advertising service' */
  noun: string;
  /** 'advertising services' */
  plural: string;
  fields: Fields;
  item: Item;
  page: ItemPage;
  store: ContentStore<z.infer<Item>, z.infer<Fields>>;
}) {
  const { path, noun, plural, store } = options;
  const one = `${path}/{id}` as const;
  const aNoun = `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
  const missing = { 400: 'The id is not a whole number', 404: `No such ${noun}` };
  return router({
    list: staffProcedure('editSiteContent')
      .meta({
        openapi: {
          method: 'GET',
          path,
          tags,
          summary: `Every ${noun}, hidden ones too, in display order (position), one page at a time`,
          errorResponses: { 400: 'page or pageSize out of range (pageSize at most 100)' },
        },
      })
      .input(contentAdminListInputSchema)
      .output(options.page)
      .query(({ ctx, input }) => store.listAll(ctx.deps.db, input) as never),

    create: staffProcedure('editSiteContent')
      .use(idempotent)
      .meta({
        openapi: {
          method: 'POST',
          path,
          requestHeaders: idempotencyKeyHeaders,
          tags,
          summary: `Adds ${aNoun} at the end of the list (visible unless visible is false)`,
        },
      })
      .input(options.fields)
      .output(options.item)
      .mutation(
        ({ ctx, input }) =>
          store.create(ctx.deps.db, input as z.infer<Fields>, ctx.deps.clock(), ctx.activity) as never,
      ),

    update: staffProcedure('editSiteContent')
      .meta({
        openapi: {
          method: 'PATCH',
          path: one,
          tags,
          summary: `Changes ${aNoun}: the fields given, visible to show or hide it`,
          errorResponses: {
            ...missing,
            400: 'The id is not a whole number, or a field is empty or too long',
          },
        },
      })
      .input(options.fields.partial().extend({ id: contentIdSchema }))
      .output(options.item)
      .mutation(({ ctx, input }) => {
        const { id, ...changes } = input as { id: number };
        return store.update(
          ctx.deps.db,
          id,
          changes as Partial<z.infer<Fields>>,
          ctx.deps.clock(),
          ctx.activity,
        ) as never;
      }),

    delete: staffProcedure('editSiteContent')
      .meta({
        openapi: { method: 'DELETE', path: one, tags, summary: `Deletes ${aNoun}`, errorResponses: missing },
      })
      .input(z.object({ id: contentIdSchema }))
      .output(adminMessageSchema)
      .mutation(async ({ ctx, input }) => {
        await store.remove(ctx.deps.db, input.id, ctx.activity);
        return { message: `The ${noun} has been deleted.` };
      }),

    move: staffProcedure('editSiteContent')
      .meta({
        openapi: {
          method: 'POST',
          path: `${one}/move`,
          tags,
          summary: `Moves ${aNoun} one place up or down the list of ${plural} (at either end it stays)`,
          errorResponses: { ...missing, 400: 'The id is not a whole number, or direction is not up or down' },
        },
      })
      .input(moveInputSchema)
      .output(options.item)
      .mutation(
        ({ ctx, input }) => store.move(ctx.deps.db, input.id, input.direction, ctx.activity) as never,
      ),
  });
}

export const siteContentRouter = router({
  services: contentListRouter({
    path: '/admin/advertising-services',
    noun: 'advertising service',
    plural: 'advertising services',
    fields: serviceFieldsSchema,
    item: adminServiceSchema,
    page: adminServicePageSchema,
    store: services,
  }),
  newsletters: contentListRouter({
    path: '/admin/newsletters',
    noun: 'newsletter',
    plural: 'newsletters',
    fields: publicationFieldsSchema,
    item: adminPublicationSchema,
    page: adminNewsletterPageSchema,
    store: publicationList,
  }),
  testimonials: contentListRouter({
    path: '/admin/testimonials',
    noun: 'testimonial',
    plural: 'testimonials',
    fields: testimonialFieldsSchema,
    item: adminTestimonialSchema,
    page: adminTestimonialPageSchema,
    store: testimonialList,
  }),
  partners: contentListRouter({
    path: '/admin/partners',
    noun: 'partner',
    plural: 'partners',
    fields: partnerFieldsSchema,
    item: adminPartnerSchema,
    page: adminPartnerPageSchema,
    store: partnerList,
  }),

  updateBusiness: staffProcedure('manageSettings')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/business',
        tags,
        summary:
          "Replaces the business's contact details, which the contact section, footer, structured data, legal pages and e-mails show",
        errorResponses: { 400: 'A field is missing, too long, or not an e-mail address or phone number' },
      },
    })
    .input(businessDetailsSchema)
    .output(businessDetailsSchema)
    .mutation(({ ctx, input }) => updateBusinessDetails(ctx.deps.db, input, ctx.deps.clock(), ctx.activity)),
});

// What visitors read of the home page's content: the lists an admin edits (hidden items left out),
// each a page at a time like GET /api/blog, and the
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
  return answerPage(ctx, path, page, await store.listVisible(ctx.deps.db, withPageSize(page)));
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
    .output(z.array(publicationSchema))
    .query(({ ctx, input }) => visiblePage(ctx, '/newsletters', publicationList, input)),

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
