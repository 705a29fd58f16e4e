import { z } from 'zod';
import { contactInputSchema } from '../../shared/contact.schema';
import { sendContactMessage } from '../services/contact';
import { publicProcedure, router } from '../trpc/init';

export const contactResultSchema = z.object({ message: z.string() });

export const contactRouter = router({
  send: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/contact',
        tags: ['Contact'],
        summary: 'Send an enquiry or a free-workshop reservation to the business',
        description:
          "type is one of the service types or 'workshop_reservation' (which requires details). An empty subject becomes the type.",
      },
    })
    .input(contactInputSchema)
    .output(contactResultSchema)
    .mutation(async ({ ctx, input }) => {
      await sendContactMessage(ctx.deps, input, ctx.req.log);
      return { message: "Thank you for contacting us. We'll get back to you within 24 hours." };
    }),
});
