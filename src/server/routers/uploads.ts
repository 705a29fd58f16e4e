import { z } from 'zod';
import { createUploadTicket } from '../services/uploads';
import { adminProcedure, router } from '../trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../trpc/idempotency';

export const uploadsRouter = router({
  createUploadUrl: adminProcedure
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/objects/upload',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Admin'],
        summary: 'A signed, single-use uploadURL, valid for 15 minutes: PUT the image to it',
        description:
          'PUT the file as the request body (or POST it as multipart/form-data, field `file`) to uploadURL. The image ' +
          'is then served at objectPath, /objects/uploads/ followed by the last path segment of uploadURL.',
      },
    })
    .input(z.void())
    .output(z.object({ uploadURL: z.string(), objectPath: z.string(), expiresAt: z.string() }))
    .mutation(({ ctx }) => createUploadTicket(ctx.deps, ctx.user.id)),
});
