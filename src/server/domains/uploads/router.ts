import { z } from 'zod';
import { AUDIO_UPLOAD_MAX_MB } from '../../../shared/constants';
import { createUploadTicket } from './links';
import { staffProcedure, rateLimited, router } from '../../web/trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';
import { forbidden } from '../../platform/errors';
import { can, rolesThatCan, STAFF_MESSAGES } from '../../../shared/staff';

const UPLOAD_RATE_LIMIT = { name: 'upload', max: 60, windowMs: 10 * 60_000 };

export const uploadsRouter = router({
  createUploadUrl: staffProcedure('writePosts')
    .use(rateLimited(UPLOAD_RATE_LIMIT))
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/objects/upload',
        requestHeaders: idempotencyKeyHeaders,
        tags: ['Admin'],
        summary: 'A signed, single-use uploadURL, valid for 15 minutes: PUT the image (or audio file) to it',
        description:
          'PUT the file as the request body (or POST it as multipart/form-data, field `file`) to uploadURL. The file ' +
          'is then served at objectPath, /objects/uploads/ followed by the last path segment of uploadURL. Without a ' +
          'body the link takes an image (JPEG, PNG, GIF or WebP, UPLOAD_MAX_BYTES); with {"kind": "audio"} a podcast ' +
          `episode's audio (MP3, M4A/AAC, OGG or WAV, judged from its bytes, at most ${AUDIO_UPLOAD_MAX_MB} MB), ` +
          `for ${rolesThatCan('editSiteContent')} only.`,
        errorResponses: { 403: 'An audio link asked for by a role that does not edit the podcasts' },
      },
    })
    .input(
      z
        .object({ kind: z.enum(['image', 'audio'], 'kind must be image or audio').default('image') })
        .optional(),
    )
    .output(z.object({ uploadURL: z.string(), objectPath: z.string(), expiresAt: z.string() }))
    .mutation(({ ctx, input }) => {
      const kind = input?.kind ?? 'image';
      // Images go into posts; audio only into the podcasts, which are the site's content.
      if (kind === 'audio' && !can(ctx.user.role, 'editSiteContent'))
        throw forbidden(STAFF_MESSAGES.roleRefused);
      return createUploadTicket(ctx.deps, ctx.user.id, kind);
    }),
});
