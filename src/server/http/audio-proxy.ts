import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppDeps } from '../app';
import { DomainError } from '../services/errors';
import { getEpisodeAudioUrl } from '../services/podcasts';

// GET /api/audio-proxy/:id streams a known episode's stored audio through our own origin, so the
// page never requests another host and seeking works: Range is forwarded and 200/206 answered
// with the upstream's length and range headers. It is no open proxy: the only URL it fetches is
// the episode's stored audioUrl, over http or https. Relative URLs are our own sample files.

const MAX_REDIRECTS = 5;
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

class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).type('application/json').header('Cache-Control', 'no-store').send({ message });
}

/** One byte range of a file of `size` bytes, as RFC 9110 reads `bytes=a-b`, `a-` and `-n`. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: answer the whole file, which RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The local file behind a relative audioUrl (/audio/...), looked for in the built client and in public/. */
function localAudioFile(audioUrl: string, roots: string[]): string | null {
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
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // Not in this root; try the next.
    }
  }
  return null;
}

function sendLocalFile(reply: FastifyReply, file: string, rangeHeader: string | undefined) {
  const size = fs.statSync(file).size;
  const range = parseRange(rangeHeader, size);
  void reply
    .header('Content-Type', typeFromPath(file))
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'public, max-age=3600');
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).type('application/json').send({ message: 'Range not satisfiable' });
  }
  if (range) {
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(fs.createReadStream(file, { start: range.start, end: range.end }));
  }
  return reply.status(200).header('Content-Length', String(size)).send(fs.createReadStream(file));
}

/**
 * Opens the upstream response, following redirects (http and https only). The timeout covers
 * connecting and receiving the headers of each hop; afterwards it applies to a stalled body.
 */
function openUpstream(
  url: URL,
  range: string | undefined,
  timeoutMs: number,
  onRequest: (req: http.ClientRequest) => void,
  hops = 0,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      reject(new UpstreamError(502, 'The episode audio is not on an http or https address'));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {
      Accept: 'audio/*, */*;q=0.5',
      'User-Agent': 'HertsLocalMedia-AudioProxy/1.0',
    };
    if (range) headers.Range = range;
    const req = client.request(url, { method: 'GET', headers });
    onRequest(req);
    const timer = setTimeout(() => {
      req.destroy(new UpstreamError(504, 'The audio host did not answer in time'));
    }, timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof UpstreamError ? error : new UpstreamError(502, 'The audio host could not be reached'));
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      const status = res.statusCode ?? 502;
      const location = res.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        res.resume();
        if (hops >= MAX_REDIRECTS) {
          reject(new UpstreamError(502, 'The audio host redirected too many times'));
          return;
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          reject(new UpstreamError(502, 'The audio host redirected to an invalid address'));
          return;
        }
        openUpstream(next, range, timeoutMs, onRequest, hops + 1).then(resolve, reject);
        return;
      }
      // A body that stops flowing is cut off rather than left hanging. The socket may be reused
      // (keep-alive), so the idle timer and its listener go when this response is done.
      const socket = res.socket;
      const onStall = () => res.destroy(new Error('audio host stalled'));
      socket.setTimeout(timeoutMs);
      socket.on('timeout', onStall);
      res.once('close', () => {
        socket.off('timeout', onStall);
        socket.setTimeout(0);
      });
      resolve(res);
    });
    req.end();
  });
}

async function proxyUpstream(reply: FastifyReply, audioUrl: string, rangeHeader: string | undefined, timeoutMs: number) {
  let current: http.ClientRequest | null = null;
  let clientGone = false;
  // The listener stops the upstream download as soon as the browser drops the request (seeking does).
  reply.raw.on('close', () => {
    clientGone = true;
    current?.destroy();
  });
  let upstream: http.IncomingMessage;
  try {
    upstream = await openUpstream(new URL(audioUrl), rangeHeader, timeoutMs, (req) => {
      current = req;
      if (clientGone) req.destroy();
    });
  } catch (error) {
    const e = error instanceof UpstreamError ? error : new UpstreamError(502, 'The audio host could not be reached');
    return sendJson(reply, e.status, e.message);
  }

  const status = upstream.statusCode ?? 502;
  if (status === 416) {
    upstream.resume();
    const contentRange = upstream.headers['content-range'];
    if (contentRange) void reply.header('Content-Range', contentRange);
    return sendJson(reply, 416, 'Range not satisfiable');
  }
  if (status !== 200 && status !== 206) {
    upstream.resume();
    return sendJson(reply, 502, `The audio host answered ${status}`);
  }

  const upstreamType = upstream.headers['content-type'];
  const contentType =
    upstreamType && !/^(application\/octet-stream|binary\/octet-stream)/i.test(upstreamType)
      ? upstreamType
      : typeFromPath(new URL(audioUrl).pathname);
  void reply.status(status).header('Content-Type', contentType).header('Cache-Control', 'public, max-age=3600');
  const forward = ['content-length', 'content-range', 'etag', 'last-modified'] as const;
  for (const name of forward) {
    const value = upstream.headers[name];
    if (value) void reply.header(name, value);
  }
  void reply.header('Accept-Ranges', upstream.headers['accept-ranges'] ?? (status === 206 ? 'bytes' : 'none'));
  return reply.send(upstream as Readable);
}

export function audioProxyRoutes(deps: AppDeps): FastifyPluginAsync {
  const roots = [deps.config.clientDist, path.resolve('public')];
  return async (app: FastifyInstance) => {
    const rateLimit = {
      max: Math.max(1, Math.round(AUDIO_PROXY_RATE_LIMIT.max * deps.config.RATE_LIMIT_MULTIPLIER)),
      timeWindow: AUDIO_PROXY_RATE_LIMIT.windowMs,
    };
    app.get<{ Params: { id: string } }>('/api/audio-proxy/:id', { config: { rateLimit } }, async (req, reply) => {
      if (!/^\d{1,9}$/.test(req.params.id)) return sendJson(reply, 400, 'The episode id must be a whole number');
      let audioUrl: string;
      try {
        audioUrl = await getEpisodeAudioUrl(deps.db.db, Number(req.params.id));
      } catch (error) {
        if (error instanceof DomainError && error.code === 'NOT_FOUND') return sendJson(reply, 404, error.message);
        throw error;
      }
      const rangeHeader = typeof req.headers.range === 'string' ? req.headers.range : undefined;

      if (!/^[a-z][a-z\d+.-]*:/i.test(audioUrl)) {
        const file = localAudioFile(audioUrl, roots);
        if (!file) return sendJson(reply, 404, 'The audio file of this episode is missing');
        return sendLocalFile(reply, file, rangeHeader);
      }
      if (!/^https?:\/\//i.test(audioUrl)) return sendJson(reply, 404, 'This episode has no playable audio');
      return proxyUpstream(reply, audioUrl, rangeHeader, deps.config.PODCAST_PROXY_TIMEOUT_MS);
    });
  };
}
