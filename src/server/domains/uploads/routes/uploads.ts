import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../deps';
import { DomainError } from '../../../platform/errors';
import { sendApiError, sendDomainError } from '../../../web/http/api-errors';
import { readIdempotencyKey, runIdempotentlyOutsideDatabase } from '../../../platform/idempotency';
import { acceptEmptyJsonBodies } from '../../../web/http/empty-body';
import { openWithRange, sendStoredFile } from '../../../web/http/stored-file';
import { AUDIO_UPLOAD_MAX_BYTES, audioUploadErrors, storeAudioUpload } from '../audio';
import { checkUploadSignature, claimUploadTicket } from '../links';
import { IMAGE_VARIANT_WIDTHS, imageVariant } from '../image-copies';
import { openUpload } from '../serving';
import { storeUpload } from '../images';
import { uploadErrors } from '../receiving';

interface UploadRoute {
  Params: { name: string };
  Querystring: { expires?: string; signature?: string; w?: string; kind?: string };
}

/**
 * What a link accepts, from its (signed) kind: an image, or a podcast episode's audio, each with its
 * own size limit and store (domains/uploads/audio.ts).
 */
function uploadKind(deps: AppDeps, query: UploadRoute['Querystring']) {
  if (query.kind === 'audio')
    return {
      kind: 'audio' as const,
      max: AUDIO_UPLOAD_MAX_BYTES,
      tooLarge: audioUploadErrors.tooLarge,
      store: storeAudioUpload,
    };
  return {
    kind: 'image' as const,
    max: deps.config.UPLOAD_MAX_BYTES,
    tooLarge: uploadErrors(deps.config).tooLarge,
    store: storeUpload,
  };
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof DomainError) {
    // The rest of a refused body is not read: close the connection after answering.
    if (error.code === 'PAYLOAD_TOO_LARGE') void reply.header('Connection', 'close');
    return sendDomainError(reply, error);
  }
  throw error;
}

/**
 * The signed upload URL (PUT the raw file, or POST it as multipart/form-data in a field named
 * `file`) and the public address of every stored image. Authorised by the signed, single-use
 * ticket in the URL, not by a session.
 */
export function uploadRoutes(deps: AppDeps): FastifyPluginAsync {
  return async function uploads(app) {
    // An empty POST without a content type reads as `{}` here, as it does on the REST API: the app
    // adds that reading after the domains' other routes, which bring their own parsers.
    acceptEmptyJsonBodies(app);
    await registerUploadRoutes(app, deps);
  };
}

async function registerUploadRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const errors = uploadErrors(deps.config);

  await app.register(async (scope) => {
    // The body is streamed to disk as it arrives, never buffered: take it raw whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    await scope.register(fastifyMultipart, {
      limits: { fileSize: deps.config.UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
    });

    /** Signature and size are checked before the ticket is used, so a refused file can be retried. */
    const admit = async (req: {
      params: { name: string };
      query: UploadRoute['Querystring'];
      headers: Record<string, unknown>;
    }) => {
      const accepts = uploadKind(deps, req.query);
      if (
        !(await checkUploadSignature(
          deps,
          req.params.name,
          req.query.expires,
          req.query.signature,
          accepts.kind,
        ))
      )
        throw errors.badLink();
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > accepts.max + 64 * 1024) throw accepts.tooLarge();
      return claimUploadTicket(deps, req.params.name);
    };

    /**
     * With an Idempotency-Key, a repeat of a stored upload (the answer lost on the way) answers what
     * the first answered instead of refusing the used link. The link is single-use, so the key is
     * kept per link and the body is not compared.
     */
    const storeOnce = async (
      req: FastifyRequest<UploadRoute>,
      reply: FastifyReply,
      store: () => Promise<Awaited<ReturnType<typeof storeUpload>>>,
    ): Promise<FastifyReply> => {
      const key = readIdempotencyKey(req.headers['idempotency-key']);
      if (key === undefined) return reply.status(200).send(await store());
      const ran = await runIdempotentlyOutsideDatabase(
        deps,
        {
          caller: 'upload-link',
          operation: `uploads.store ${req.params.name}`,
          key,
          input: { name: req.params.name },
        },
        async () => {
          try {
            return { ok: true as const, stored: await store() };
          } catch (error) {
            return { ok: false as const, error };
          }
        },
        (result) => (result.ok ? { status: 200, body: result.stored } : undefined),
      );
      if ('replayed' in ran) {
        // The repeated body is not read: close the connection after answering.
        void reply.header('Idempotent-Replayed', 'true').header('Connection', 'close');
        return reply.status(ran.replayed.status).send(ran.replayed.body);
      }
      if (!ran.outcome.ok) throw ran.outcome.error;
      return reply.status(200).send(ran.outcome.stored);
    };

    const put = async (req: FastifyRequest<UploadRoute>, reply: FastifyReply) => {
      if (!req.params.name) return sendApiError(reply, 404, 'There is nothing at this address.');
      try {
        const accepts = uploadKind(deps, req.query);
        const declared = Number(req.headers['content-length']);
        if (Number.isFinite(declared) && declared > accepts.max) throw accepts.tooLarge();
        const body = req.body as Readable | undefined;
        if (!body || typeof body.pipe !== 'function') throw errors.noFile();
        return await storeOnce(req, reply, async () => {
          const userId = await admit(req);
          return accepts.store(deps, { name: req.params.name, userId, body });
        });
      } catch (error) {
        return sendError(reply, error);
      }
    };

    const post = async (req: FastifyRequest<UploadRoute>, reply: FastifyReply) => {
      if (!req.params.name) return sendApiError(reply, 404, 'There is nothing at this address.');
      try {
        if (!req.isMultipart())
          throw new DomainError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the image as multipart/form-data, or PUT it as the request body.',
          );
        const accepts = uploadKind(deps, req.query);
        return await storeOnce(req, reply, async () => {
          const userId = await admit(req);
          const part = await req.file({ limits: { fileSize: accepts.max } });
          if (!part) throw errors.noFile();
          return accepts.store(deps, { name: req.params.name, userId, body: part.file });
        });
      } catch (error) {
        return sendError(reply, error);
      }
    };

    // Served from the storage as a stream, with one byte range when asked (audio players seek so).
    const serve = async (
      req: { params: { name: string }; query: { w?: string }; method: string; headers: { range?: string } },
      reply: FastifyReply,
    ) => {
      const width = req.query.w === undefined ? null : Number(req.query.w);
      if (width !== null && !(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)) {
        return sendApiError(reply, 400, `w must be one of ${IMAGE_VARIANT_WIDTHS.join(', ')}`);
      }
      const opened = await openWithRange(reply, req.headers.range, (range) =>
        width === null
          ? openUpload(deps, req.params.name, range)
          : imageVariant(deps, req.params.name, width, range),
      );
      if (opened.answered) return reply;
      if (!opened.found) return sendApiError(reply, 404, 'Image not found');
      const { object, contentType } = opened.found;
      void reply
        .type(contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox");
      return sendStoredFile(reply, object, opened.range, req.method === 'HEAD');
    };
    // uploadURL points under /api, where a client generated from openapi.json sends it; the site
    // root keeps answering too (pages show the images there, and older links point there).
    for (const prefix of ['/api/objects/uploads', '/objects/uploads']) {
      scope.put<UploadRoute>(`${prefix}/:name`, put);
      scope.post<UploadRoute>(`${prefix}/:name`, post);
      scope.get<UploadRoute>(`${prefix}/:name`, serve);
    }
  });
}
