import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppDeps } from '../../../deps';
import { DomainError } from '../../../platform/errors';
import {
  OutboundError,
  type OutboundClient,
  type OutboundFailure,
  type OutboundResponse,
} from '../../../platform/outbound';
import { getEpisodeAudioUrl } from '../episodes';
import { openWithRange, sendStoredFile } from '../../../web/http/stored-file';
import { openUpload } from '../../uploads';
import { sendApiError } from '../../../web/http/api-errors';

// GET /api/audio-proxy/:id streams a known episode's stored audio through our own origin, so the
// page never requests another host and seeking works: Range is forwarded and 200/206 answered
// with the upstream's length and range headers. It is no open proxy: the only URL it fetches is
// the episode's stored audioUrl, over http or https, and only from public addresses (every
// redirect hop included; see platform/outbound.ts). Whatever the host answers is served as audio
// that cannot run anything. Relative URLs are our own sample files.

/** Per client address: plenty for listening and seeking, too few to use us as a download mirror. */
export const AUDIO_PROXY_RATE_LIMIT = { max: 600, windowMs: 10 * 60_000 };
const CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
  '.webm': 'audio/webm',
};

function typeFromPath(pathname: string): string {
  return CONTENT_TYPES[path.extname(pathname).toLowerCase()] ?? 'audio/mpeg';
}

/** An error in the one shape that no cache keeps (a failed upstream is not the episode's audio). */
function sendUncachedError(reply: FastifyReply, status: number, message: string) {
  return sendApiError(reply, status, message, { 'Cache-Control': 'no-store' });
}

/** The local file behind a relative audioUrl (/audio/...): its root (the built client or public/) and its path there. */
function localAudioFile(audioUrl: string, roots: string[]): { root: string; relative: string } | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(audioUrl, 'http://local.invalid/').pathname);
  } catch {
    return null;
  }
  const relative = path.posix.normalize(pathname).replace(/^\/+/, '');
  if (!relative.startsWith('audio/')) return null;
  for (const root of roots) {
    const file = path.resolve(root, relative);
    if (!file.startsWith(path.resolve(root) + path.sep)) continue;
    try {
      if (fs.statSync(file).isFile()) return { root, relative };
    } catch {
      // Not in this root; try the next.
    }
  }
  return null;
}

/** An audio type the browser may trust: the upstream's own audio/* type, or one from the file's extension. */
function audioType(upstreamType: string | undefined, url: URL): string {
  const essence = upstreamType?.split(';')[0]?.trim().toLowerCase();
  return essence && /^audio\/[a-z0-9][a-z0-9.+-]{0,60}$/.test(essence) ? essence : typeFromPath(url.pathname);
}

/**
 * What every audio answer carries, so a body that is not audio can never act as a page of our
 * origin: no sniffing, a policy that runs nothing, and a plain file name for a download.
 */
function audioHeaders(reply: FastifyReply, id: string, contentType: string): void {
  const extension = Object.entries(CONTENT_TYPES).find(([, type]) => type === contentType)?.[0] ?? '.mp3';
  void reply
    .header('Content-Type', contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', `inline; filename="episode-${id}${extension}"`);
}

/** The longest episode file proxied (a three-hour show at 320 kbit/s is about 430 MB). */
export const AUDIO_MAX_BYTES = 600 * 1024 * 1024;

async function proxyUpstream(
  reply: FastifyReply,
  outbound: OutboundClient,
  input: { id: string; audioUrl: string; range: string | undefined; timeoutMs: number },
) {
  let current: http.ClientRequest | null = null;
  let clientGone = false;
  // The listener stops the upstream download as soon as the browser drops the request (seeking does).
  reply.raw.on('close', () => {
    clientGone = true;
    current?.destroy();
  });
  let upstream: OutboundResponse;
  try {
    upstream = await outbound.get(input.audioUrl, {
      headers: {
        Accept: 'audio/*, */*;q=0.5',
        'User-Agent': 'HertsLocalMedia-AudioProxy/1.0',
        ...(input.range ? { Range: input.range } : {}),
      },
      timeoutMs: input.timeoutMs,
      maxBytes: AUDIO_MAX_BYTES,
      onRequest: (req) => {
        current = req;
        if (clientGone) req.destroy();
      },
    });
  } catch (error) {
    const kind = error instanceof OutboundError ? error.kind : 'unreachable';
    if (error instanceof OutboundError && kind === 'refused')
      reply.log.warn({ err: error }, 'audio proxy refused an address');
    const message: Record<OutboundFailure, string> = {
      timeout: 'The audio host did not answer in time',
      refused: 'The episode audio is at an address this site does not fetch from',
      'too-many-redirects': 'The audio host redirected too many times',
      'bad-url': 'The episode audio is not on an http or https address',
      'too-large': 'The episode audio is too large to play here',
      unreachable: 'The audio host could not be reached',
    };
    return sendUncachedError(reply, kind === 'timeout' ? 504 : 502, message[kind]);
  }

  const status = upstream.status;
  if (status === 416) {
    upstream.body.resume();
    const contentRange = upstream.headers['content-range'];
    if (contentRange) void reply.header('Content-Range', contentRange);
    return sendUncachedError(reply, 416, 'Range not satisfiable');
  }
  if (status !== 200 && status !== 206) {
    upstream.body.resume();
    return sendUncachedError(reply, 502, `The audio host answered ${status}`);
  }

  audioHeaders(reply, input.id, audioType(upstream.headers['content-type'], new URL(input.audioUrl)));
  void reply.status(status).header('Cache-Control', 'public, max-age=3600');
  const forward = ['content-length', 'content-range', 'etag', 'last-modified'] as const;
  for (const name of forward) {
    const value = upstream.headers[name];
    if (value) void reply.header(name, value);
  }
  void reply.header(
    'Accept-Ranges',
    upstream.headers['accept-ranges'] === 'bytes' || status === 206 ? 'bytes' : 'none',
  );
  return reply.send(upstream.body);
}

export function audioProxyRoutes(deps: AppDeps): FastifyPluginAsync {
  const roots = [deps.config.clientDist, path.resolve('public')];
  /**
   * An episode's uploaded audio file, from the storage (a folder or the bucket) with the range the
   * player asks for; only a stored audio upload, never an image or another file.
   */
  const sendUploadedAudio = async (
    reply: FastifyReply,
    id: string,
    name: string,
    rangeHeader: string | undefined,
  ) => {
    const opened = await openWithRange(reply, rangeHeader, (range) => openUpload(deps, name, range));
    if (opened.answered) return reply;
    const { found, range } = opened;
    if (!found?.contentType.startsWith('audio/')) {
      found?.object.body.destroy();
      return sendUncachedError(reply, 404, 'The audio file of this episode is missing');
    }
    const { object, contentType } = found;
    audioHeaders(reply, id, contentType);
    void reply.header('Cache-Control', 'public, max-age=3600');
    return sendStoredFile(reply, object, range);
  };
  const { outbound } = deps;
  return async (app: FastifyInstance) => {
    const rateLimit = {
      max: Math.max(1, Math.round(AUDIO_PROXY_RATE_LIMIT.max * deps.config.RATE_LIMIT_MULTIPLIER)),
      timeWindow: AUDIO_PROXY_RATE_LIMIT.windowMs,
    };
    // Our own sample files go out through reply.sendFile (Range, 206 and 416 by @fastify/send), with
    // the audio headers above and no validators, as the document declares (no 304 or 412 here).
    await app.register(fastifyStatic, {
      root: roots,
      serve: false,
      contentType: false,
      cacheControl: false,
      etag: false,
      lastModified: false,
    });
    // A range past the end leaves @fastify/send as an error carrying Content-Range: answer it in our shape.
    app.setErrorHandler(
      (error: Error & { statusCode?: number; headers?: Record<string, string> }, _req, reply) => {
        if (error.statusCode === 416)
          return sendApiError(reply, 416, 'Range not satisfiable', {
            ...error.headers,
            'Accept-Ranges': 'bytes',
          });
        throw error;
      },
    );
    app.get<{ Params: { id: string } }>(
      '/api/audio-proxy/:id',
      { config: { rateLimit } },
      async (req, reply) => {
        if (!/^\d{1,9}$/.test(req.params.id))
          return sendUncachedError(reply, 400, 'The episode id must be a whole number');
        let audioUrl: string;
        try {
          audioUrl = await getEpisodeAudioUrl(deps.db, Number(req.params.id));
        } catch (error) {
          if (error instanceof DomainError && error.code === 'NOT_FOUND')
            return sendUncachedError(reply, 404, error.message);
          throw error;
        }
        const rangeHeader = typeof req.headers.range === 'string' ? req.headers.range : undefined;

        // Audio uploaded in the admin (domains/uploads/audio.ts): from the storage, with Range.
        const uploaded = /^\/objects\/uploads\/([a-z2-7]{32})$/.exec(audioUrl)?.[1];
        if (uploaded) return sendUploadedAudio(reply, req.params.id, uploaded, rangeHeader);

        if (!/^[a-z][a-z\d+.-]*:/i.test(audioUrl)) {
          const file = localAudioFile(audioUrl, roots);
          if (!file) return sendUncachedError(reply, 404, 'The audio file of this episode is missing');
          audioHeaders(reply, req.params.id, typeFromPath(file.relative));
          return reply.header('Cache-Control', 'public, max-age=3600').sendFile(file.relative, file.root);
        }
        if (!/^https?:\/\//i.test(audioUrl))
          return sendUncachedError(reply, 404, 'This episode has no playable audio');
        return proxyUpstream(reply, outbound, {
          id: req.params.id,
          audioUrl,
          range: rangeHeader,
          timeoutMs: deps.config.PODCAST_PROXY_TIMEOUT_MS,
        });
      },
    );
  };
}
