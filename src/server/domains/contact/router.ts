import { z } from 'zod';
import { countConversion } from '../../web/trpc/conversion';
import { keepPublicReads } from '../../web/trpc/public-reads';
import { contactChallengeSchema, contactInputSchema } from '../../../shared/contact.schema';
import { CHALLENGE_LIFETIME_MINUTES } from '../../../shared/contact';
import { issueChallenge } from './challenges';
import { contactAnswer, sendContactMessage } from './messages';
import { getEnquiry, listEnquiries, setEnquiryStatus } from './enquiries';
import { staffProcedure, publicProcedure, rateLimited, router } from '../../web/trpc/init';
import { CONTACT_RATE_LIMIT } from './limits';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';
import {
  enquiryListInputSchema,
  enquiryPageSchema,
  enquirySchema,
  enquiryStatusInputSchema,
  idInputSchema,
} from '../../../shared/admin.schema';

export const contactResultSchema = z.object({ message: z.string() });

export const contactRouter = router({
  challenge: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contact/challenge',
        tags: ['Contact'],
        summary: 'A math question for POST /api/contact: two numbers from 1 to 10 to add',
        description:
          `Every enquiry needs one (a workshop_reservation does not). Show a and b, then send the challenge string ` +
          `unchanged as challenge and the sum a + b as answer with POST /api/contact. A challenge is signed by the ` +
          `server, works once, right or wrong, and expires after ${CHALLENGE_LIFETIME_MINUTES} minutes (expiresAt); ` +
          `get a new one for every message and after every refusal.`,
      },
    })
    .input(z.void())
    .output(contactChallengeSchema)
    .query(({ ctx }) => {
      void ctx.res.header('Cache-Control', 'no-store');
      return issueChallenge(ctx.deps);
    }),

  send: publicProcedure
    .use(rateLimited(CONTACT_RATE_LIMIT))
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/contact',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Contact'],
        summary: 'Send an enquiry or a free-workshop reservation to the business',
        description:
          "type is one of the service types or 'workshop_reservation'. An empty subject becomes the type. An " +
          'enquiry must carry challenge and answer from GET /api/contact/challenge (the math question of the contact ' +
          "form; a wrong sum is refused with 'Verification Failed - Please solve the math problem correctly.', an " +
          'expired or already used challenge with its own message; either way, get a new one). A workshop_reservation ' +
          'needs no challenge: it may carry its structured details, which are then checked, or only the five fields ' +
          '(name, email, subject, message and type) with the details written into message as lines of text. ' +
          'A reservation books a place in the next ' +
          'open workshop session (GET /api/workshops/next), joins its waiting list when it is full, or records interest ' +
          'when no date is set; message says which (POST /api/workshops/{id}/reservations books one session and can refuse ' +
          'when full). A filled-in website field (a spam trap) is answered like a success and dropped.',
        errorResponses: {
          400: 'An enquiry without its challenge, or with a wrong sum, an expired or an already used one: get a new one',
        },
      },
    })
    .input(contactInputSchema)
    .output(contactResultSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await sendContactMessage(ctx.deps, input, ctx.req.log);
      // Only a place taken changes a public read (the next session's places left).
      if (result.booking?.status !== 'confirmed') keepPublicReads(ctx.req);
      const message = contactAnswer(result);
      await countConversion(ctx, input.type === 'workshop_reservation' ? 'workshop_reservation' : 'enquiry');
      return { message };
    }),
});

// The admin's procedures of this domain: served under the admin router's path (admin.*, /admin/...),
// merged there by router.ts so every tRPC and REST path stays where clients know it.
const adminTags = ['Admin'];
const adminListErrors = {
  400: 'An unknown filter value, paging out of range (pageSize at most 100), or a cursor (after, before) this list did not give',
};

export const contactAdminProcedures = {
  enquiries: staffProcedure('handleEnquiries')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/enquiries',
        tags: adminTags,
        summary: 'Contact messages and workshop reservations, newest first, one page at a time',
        description:
          'Filters: type (a service type or workshop_reservation), status (new, replied, archived) and q, searched ' +
          'in name, e-mail, subject and message ignoring case. Each row has the first 140 characters of the message.',
        errorResponses: adminListErrors,
      },
    })
    .input(enquiryListInputSchema)
    .output(enquiryPageSchema)
    .query(({ ctx, input }) => listEnquiries(ctx.deps, input)),

  enquiry: staffProcedure('handleEnquiries')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/enquiries/{id}',
        tags: adminTags,
        summary: 'One enquiry with its whole message (and a workshop reservation its details)',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such enquiry' },
      },
    })
    .input(idInputSchema)
    .output(enquirySchema)
    .query(({ ctx, input }) => getEnquiry(ctx.deps, input.id)),

  setEnquiryStatus: staffProcedure('handleEnquiries')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/enquiries/{id}',
        tags: adminTags,
        summary: 'Marks an enquiry new, replied or archived',
        errorResponses: {
          400: 'The id is not a whole number, or the status is not new, replied or archived',
          404: 'No such enquiry',
        },
      },
    })
    .input(enquiryStatusInputSchema)
    .output(enquirySchema)
    .mutation(({ ctx, input }) => setEnquiryStatus(ctx.deps, input.id, input.status)),
};
