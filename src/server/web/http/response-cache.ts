import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import { templateToRegExp } from '../openapi/routes';
import { keepsPublicReads } from '../trpc/public-reads';
import { logRequest, requestIdOf } from './request-log';
import type { CacheInvalidation } from '../../platform/shared-state';
import {
  forEachOpenApiProcedure,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  normalizePath,
  unwrapZodType,
} from 'trpc-to-openapi';

// Public reads are the same for every visitor until something is written, so their bytes are kept
// in memory with an ETag: a repeat read costs a map lookup, and a browser that has them gets 304.
// Any successful write through this process empties the cache before it is answered, and, with
// REDIS_URL, tells every other instance to empty theirs (platform/shared-state.ts). A read stores
// its answer only if no write was seen since the read began (the generation it started in), so a
// read that raced a write on this or another instance never keeps the older answer. Entries also
// expire after a short time, for changes no message announces (a feed import; a message lost
// while Redis was away).

/**
 * The reads whose answers do not depend on who asks: the procedures whose meta says
 * `cache: 'public'` (trpc/responses.ts), by their tRPC path and at their REST path under /api.
 */
export interface PublicReads {
  procedures: ReadonlySet<string>;
  /** Those whose answers are keyed by text a visitor types (meta `cacheAs: 'search'`). */
  searches: ReadonlySet<string>;
  /**
   * A REST path, whether its query string is part of the read (a page of a list) or not, and the
   * kind its answers are kept as.
   */
  paths: ReadonlyArray<{ pattern: RegExp; query: boolean; kind: CacheKind }>;
}

/**
 * What an entry is kept as. Each kind is a least-recently-read list of its own within its own
 * budget (CACHE_BUDGETS), so entries of one kind only ever evict entries of that kind: however many
 * distinct searches or unknown addresses are asked for, the pages stay.
 */
export type CacheKind = 'page' | 'api' | 'search' | 'missing';

export interface CacheBudget {
  entries: number;
  bytes: number;
}

const MB = 1024 * 1024;
/**
 * The kinds and their budgets, 16 MB in all, bodies and their compressed copies together:
 * - page: the pages of the route table, posts and tag pages, feeds, the sitemap (a post page with
 *   its compressed copies is tens of KB, so some hundreds fit);
 * - api: the API's public reads (/api, /trpc), small JSON;
 * - search: answers keyed by text a visitor types (search results, their pages, a checkout's page);
 * - missing: any 404, a page's or the API's.
 */
export const CACHE_BUDGETS: Readonly<Record<CacheKind, CacheBudget>> = {
  page: { entries: 500, bytes: 10 * MB },
  api: { entries: 300, bytes: 2 * MB },
  search: { entries: 150, bytes: 2 * MB },
  missing: { entries: 150, bytes: 2 * MB },
};
const KINDS = Object.keys(CACHE_BUDGETS) as CacheKind[];

/** The public reads of a router, from each procedure's meta: a new public read opts in where it is defined. */
export function publicReadsOf(router: AnyRouter): PublicReads {
  const procedures = new Set<string>();
  const searches = new Set<string>();
  const paths: Array<{ pattern: RegExp; query: boolean; kind: CacheKind }> = [];
  forEachOpenApiProcedure<{ cache?: 'public'; cacheAs?: 'search' }>(
    router._def.procedures,
    ({ path, procedure, meta }) => {
      if (meta.cache !== 'public') return;
      if (meta.openapi.method !== 'GET')
        throw new Error(`${path}: only a GET can be cached as a public read`);
      procedures.add(path);
      if (meta.cacheAs === 'search') searches.add(path);
      const template = normalizePath(meta.openapi.path);
      const { inputParser } = getInputOutputParsers(procedure);
      // Input that is not in the path is read from the query string: each page is an entry of its own.
      const query = !template.includes('{') && !instanceofZodTypeLikeVoid(unwrapZodType(inputParser, true));
      paths.push({
        pattern: templateToRegExp(`/api${template}`),
        query,
        kind: meta.cacheAs === 'search' ? 'search' : 'api',
      });
    },
  );
  return { procedures, searches, paths };
}

/** Headers a cached answer carries besides its body: the paging facts of a list. */
const KEPT_HEADERS = ['Link', 'X-Total-Count'] as const;

const MAX_BODY_BYTES = 512 * 1024;

type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
  kind: CacheKind;
  etag: string;
  body: Buffer;
  /** Compressed once when stored, so repeat reads cost no compression. */
  compressed: Partial<Record<'br' | 'gzip', Buffer>>;
  contentType: string;
  statusCode: number;
  cacheControl: string | undefined;
  headers: Array<[string, string]>;
  storedAt: number;
  generation: number;
  /** Body and compressed copies. */
  bytes: number;
  /** The headers a hit sends, by encoding and with or without its body, made on first use. */
  heads: Partial<Record<string, Record<string, string>>>;
  /**
   * The headers the stored answer had from the app's own hooks (`replayedHeaders`: the security
   * headers), which a hit answered before routing sends itself, since those hooks do not run for it.
   */
  replayed: Array<[string, string]>;
  /** Those and the hit's headers, as the flat list a hit before routing writes, by encoding. */
  early: Partial<Record<string, string[]>>;
}

const COMPRESS_MIN_BYTES = 1024;

function compress(payload: string | Buffer): Entry['compressed'] {
  const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return {
    br: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: zlib.gzipSync(data, { level: 6 }),
  };
}

function pickEncoding(headers: IncomingHttpHeaders, entry: Entry): Encoding {
  const accept = String(headers['accept-encoding'] ?? '');
  if (entry.compressed.br && /\bbr\b/.test(accept)) return 'br';
  if (entry.compressed.gzip && /\bgzip\b/.test(accept)) return 'gzip';
  return 'identity';
}

/**
 * What a hit sends besides its body, the security headers and the request id (their own hooks):
 * the same for every hit on the entry in that encoding, so made once.
 */
function hitHeaders(entry: Entry, encoding: Encoding, notModified: boolean): Record<string, string> {
  const name = notModified ? `${encoding} 304` : encoding;
  return (entry.heads[name] ??= makeHitHeaders(entry, encoding, notModified));
}

function makeHitHeaders(entry: Entry, encoding: Encoding, notModified: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    etag: taggedEtag(entry.etag, encoding),
    'x-cache': 'hit',
    vary: 'Accept-Encoding',
  };
  if (entry.cacheControl) headers['cache-control'] = entry.cacheControl;
  for (const [name, value] of entry.headers) headers[name.toLowerCase()] = value;
  if (notModified) return headers;
  headers['content-type'] = entry.contentType;
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return headers;
}

/** A hit's headers for an answer written before routing: the replayed ones, then the hit's own. */
function earlyHeaders(entry: Entry, encoding: Encoding, notModified: boolean): string[] {
  const name = notModified ? `${encoding} 304` : encoding;
  return (entry.early[name] ??= [
    ...entry.replayed,
    ...Object.entries(hitHeaders(entry, encoding, notModified)),
  ].flat());
}

/** The named headers an answer has, as name and value. */
function headersOf(reply: FastifyReply, names: readonly string[]): Array<[string, string]> {
  return names.flatMap((name) => {
    const value = reply.getHeader(name);
    return value === undefined ? [] : [[name, String(value)] as [string, string]];
  });
}

/** Each encoding is its own representation, with its own validator. */
function taggedEtag(etag: string, encoding: Encoding): string {
  return encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

/** The kind a public read's answer is kept as, or null when the URL is not a public read. */
export function publicReadKind(url: string, reads: PublicReads): CacheKind | null {
  const [path = '', query = ''] = url.split('?', 2);
  if (path.startsWith('/trpc/')) {
    const procedures = decodeURIComponent(path.slice('/trpc/'.length)).split(',');
    if (!procedures.every((p) => reads.procedures.has(p)) || query.length >= 2000) return null;
    return procedures.some((p) => reads.searches.has(p)) ? 'search' : 'api';
  }
  const read = reads.paths.find((p) => p.pattern.test(path));
  if (read === undefined || !(read.query ? query.length < 200 : query === '')) return null;
  return read.kind;
}

export function isCacheableUrl(url: string, reads: PublicReads): boolean {
  return publicReadKind(url, reads) !== null;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  /** The API's public reads (publicReadsOf(appRouter)); none when only extra URLs are cached. */
  publicReads?: PublicReads;
  /** Extra URL tests, e.g. the server-rendered pages. */
  alsoCache?: (url: string) => boolean;
  /**
   * The entry an extra URL is kept under: for pages, the path and only the query parameters the
   * page reads, so /?cb=1, /?cb=2 ... are one entry instead of a render and an eviction each.
   */
  keyOf?: (url: string) => string;
  /** The kind a cached page's answer is kept as (a search page's is 'search'); 'page' when not given. */
  pageKind?: (key: string) => CacheKind;
  /**
   * The entry an address no route answers is kept under, or null to leave it: one key per kind of
   * page (never a URL), so every unknown address of that kind is answered by one kept 404 page.
   */
  notFoundKey?: (url: string) => string | null;
  /** Budgets of some kinds (CACHE_BUDGETS unless a test sets less). */
  budgets?: Partial<Record<CacheKind, CacheBudget>>;
  /**
   * Headers the app's own hooks put on every answer (the security headers): kept with an entry as
   * its answer had them, and sent by a hit answered before routing, which those hooks never see.
   */
  replayedHeaders?: readonly string[];
  /** With several instances: the messages that a write happened somewhere. */
  invalidation?: CacheInvalidation;
  /**
   * When public answers next change by themselves (a scheduled post's go-out time), in epoch ms, or
   * null: the cache is emptied at that moment, so no entry stored before it is served after it.
   */
  nextChange?: () => Promise<number | null>;
}

export interface ResponseCache {
  clear(): void;
  /** What the cache holds, of one kind or in all. */
  size(kind?: CacheKind): { entries: number; bytes: number };
  /**
   * Answers a fresh hit from the HTTP server's request event, before Fastify routes the request
   * and makes its request, reply and logger (http/before-routing.ts): the bytes and headers the
   * hook below sends, with the request id and the request's log line. False when the request is
   * not such a hit, for Fastify to handle (app.inject always goes through Fastify).
   */
  answerBeforeRouting(req: IncomingMessage, res: ServerResponse, log: FastifyBaseLogger): boolean;
  /**
   * Runs `listener` whenever the cache is emptied (a write here or on another instance, a scheduled
   * change): what a domain keeps in memory of its public answers is dropped with the cache.
   */
  onEmpty(listener: () => void): void;
}

/** A read that missed: the key its answer is kept under, its kind, and the generation it began in. */
interface Miss {
  key: string;
  kind: CacheKind;
  generation: number;
}

export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): ResponseCache {
  // Every entry by its key, and each kind's keys in a Map of their own: a Map keeps insertion order,
  // and a hit moves its key to the end of its kind's, so the first there is its least recently read.
  const entries = new Map<string, Entry>();
  const budgets = { ...CACHE_BUDGETS, ...options.budgets };
  const kinds = Object.fromEntries(
    KINDS.map((kind) => [kind, { keys: new Map<string, true>(), bytes: 0 }]),
  ) as Record<CacheKind, { keys: Map<string, true>; bytes: number }>;
  let generation = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    const kind = kinds[entry.kind];
    kind.bytes -= entry.bytes;
    kind.keys.delete(key);
    entries.delete(key);
  };
  const removeAll = () => {
    entries.clear();
    for (const kind of KINDS) {
      kinds[kind].keys.clear();
      kinds[kind].bytes = 0;
    }
  };
  const store = (key: string, entry: Entry) => {
    remove(key);
    const budget = budgets[entry.kind];
    const kind = kinds[entry.kind];
    if (entry.bytes > budget.bytes) return;
    while (
      kind.keys.size > 0 &&
      (kind.keys.size >= budget.entries || kind.bytes + entry.bytes > budget.bytes)
    ) {
      remove(kind.keys.keys().next().value as string);
    }
    entries.set(key, entry);
    kind.keys.set(key, true);
    kind.bytes += entry.bytes;
  };
  /**
   * The reads that missed: the key their answer is kept under and the generation they began in (it
   * is kept only if that is still current). A hit is not in it, so the onSend hook passes it by.
   */
  const misses = new WeakMap<FastifyRequest, Miss>();
  const emptiedListeners: Array<() => void> = [];
  const emptyCache = () => {
    generation++;
    removeAll();
    for (const listener of emptiedListeners) listener();
  };
  let nextChangeAt: number | null = null;
  const refreshNextChange = async () => {
    if (options.nextChange) nextChangeAt = await options.nextChange();
  };
  options.invalidation?.onInvalidate(() => {
    emptyCache();
    void refreshNextChange().catch(() => {});
  });
  if (options.nextChange) app.addHook('onReady', refreshNextChange);
  const reads = options.publicReads ?? {
    procedures: new Set<string>(),
    searches: new Set<string>(),
    paths: [],
  };
  const replayedHeaders = options.replayedHeaders ?? [];
  /**
   * The entry a GET is kept under, or null when its answer is not kept. A plain route whose answer
   * is the same for everyone says so in its config (`publicRead`), and is kept by its path.
   */
  const keyOf = (req: FastifyRequest): { key: string; kind: CacheKind } | null => {
    const url = req.originalUrl;
    const readKind = publicReadKind(url, reads);
    if (readKind !== null) return { key: url, kind: readKind };
    if (req.routeOptions.config?.publicRead) return { key: url.split('?', 1)[0]!, kind: 'page' };
    if (req.routeOptions.url === undefined && options.notFoundKey) {
      const key = options.notFoundKey(url);
      if (key !== null) return { key, kind: 'missing' };
    }
    if (options.alsoCache?.(url) !== true) return null;
    const key = options.keyOf ? options.keyOf(url) : url;
    return { key, kind: options.pageKind?.(key) ?? 'page' };
  };

  const sendEntry = (req: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    const encoding = pickEncoding(req.headers, entry);
    const notModified = req.headers['if-none-match'] === taggedEtag(entry.etag, encoding);
    void reply.headers(hitHeaders(entry, encoding, notModified));
    if (notModified) return reply.code(304).send();
    return reply
      .code(entry.statusCode)
      .send(encoding === 'identity' ? entry.body : entry.compressed[encoding]);
  };

  /** The entry a URL may be answered with now, or undefined (the read must run). */
  const freshEntry = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || Date.now() - entry.storedAt > options.ttlMs) {
      remove(key);
      return undefined;
    }
    const keys = kinds[entry.kind].keys;
    keys.delete(key);
    keys.set(key, true);
    return entry;
  };

  /** Looks the read up: answers a hit, or notes where a miss's answer is to be kept. */
  const lookUp = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Every entry is kept under a key that is its own key (keyOf(key) === key), so an entry found
    // under the URL itself is the answer without asking which reads are public.
    let entry = freshEntry(req.originalUrl);
    if (!entry) {
      const kept = keyOf(req);
      if (kept === null) return done();
      if (kept.key !== req.originalUrl) entry = freshEntry(kept.key);
      if (!entry) {
        misses.set(req, { ...kept, generation });
        return done();
      }
    }
    // Answered here: the route's handler does not run (a hook that answers does not call done).
    void sendEntry(req, reply, entry);
  };

  // Callback hooks, not async ones: a cached read is the hot path, and each async hook costs a
  // promise and a turn of the microtask queue on every request.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    if (nextChangeAt !== null && Date.now() >= nextChangeAt) {
      nextChangeAt = null;
      emptyCache();
      refreshNextChange().then(
        () => lookUp(req, reply, done),
        () => lookUp(req, reply, done),
      );
      return;
    }
    lookUp(req, reply, done);
  });

  /** A missed read's answer: kept (with its compressed copies and ETag), then sent in the encoding asked for. */
  const keep = (req: FastifyRequest, reply: FastifyReply, payload: unknown, miss: Miss) => {
    if (reply.statusCode !== 200 && reply.statusCode !== 404) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const baseEtag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    if (!reply.getHeader('Cache-Control')) void reply.header('Cache-Control', 'no-cache');
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    const compressed = size >= COMPRESS_MIN_BYTES ? compress(payload) : {};
    const entry: Entry = {
      // A 404 is kept apart whatever was asked for: unknown addresses are as many as anyone makes.
      kind: reply.statusCode === 404 ? 'missing' : miss.kind,
      etag: baseEtag,
      // Bytes, not a string: a hit then writes them without encoding them again.
      body: typeof payload === 'string' ? Buffer.from(payload) : payload,
      compressed,
      contentType: String(reply.getHeader('Content-Type') ?? 'application/json'),
      statusCode: reply.statusCode,
      cacheControl: reply.getHeader('Cache-Control') as string | undefined,
      headers: headersOf(reply, KEPT_HEADERS),
      storedAt: Date.now(),
      generation,
      bytes: size + (compressed.br?.length ?? 0) + (compressed.gzip?.length ?? 0),
      heads: {},
      replayed: headersOf(reply, replayedHeaders),
      early: {},
    };
    // A write seen since this read began may have changed the answer: send it, but do not keep it.
    if (size <= MAX_BODY_BYTES && miss.generation === generation) store(miss.key, entry);
    const encoding = pickEncoding(req.headers, entry);
    const etag = taggedEtag(baseEtag, encoding);
    void reply.header('ETag', etag).header('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === etag && reply.statusCode === 200) {
      void reply.code(304);
      return '';
    }
    if (encoding === 'identity') return payload;
    void reply.header('Content-Encoding', encoding);
    reply.removeHeader('Content-Length');
    return entry.compressed[encoding];
  };

  /**
   * A successful write may change what any public read returns: emptied before the writer hears
   * back, here and (the message on its way) on every other instance, so its next read anywhere is new.
   */
  const forget = async (req: FastifyRequest) => {
    emptyCache();
    await refreshNextChange().catch((error: unknown) =>
      req.log.warn({ err: error }, 'could not read when the next scheduled post goes out'),
    );
    try {
      await options.invalidation?.publish();
    } catch (error) {
      // The other instances' entries then expire after ttlMs instead.
      req.log.warn({ err: error }, 'could not tell the other instances to empty their response caches');
    }
  };

  app.addHook('onSend', (req, reply, payload, done) => {
    const miss = misses.get(req);
    if (miss) return done(null, keep(req, reply, payload, miss));
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || reply.statusCode >= 400)
      return done(null, payload);
    // A route that changes no public answer says so (the page-view beacon: 5,000 a second must not
    // empty every instance's cache 5,000 times a second).
    if (req.routeOptions.config?.keepsPublicReads || keepsPublicReads(req)) return done(null, payload);
    void forget(req).then(() => done(null, payload));
  });

  return {
    clear: emptyCache,
    onEmpty: (listener) => void emptiedListeners.push(listener),
    size: (kind) =>
      kind
        ? { entries: kinds[kind].keys.size, bytes: kinds[kind].bytes }
        : { entries: entries.size, bytes: KINDS.reduce((sum, k) => sum + kinds[k].bytes, 0) },
    answerBeforeRouting(req, res, log) {
      // Only a GET or HEAD whose URL is itself an entry's key (every API read's is; a page's when
      // its query is already in the key's form); the rest, and a due scheduled change, go to Fastify.
      const url = req.url;
      if ((req.method !== 'GET' && req.method !== 'HEAD') || url === undefined) return false;
      if (nextChangeAt !== null && Date.now() >= nextChangeAt) return false;
      const entry = freshEntry(url);
      if (!entry) return false;
      const started = performance.now();
      const encoding = pickEncoding(req.headers, entry);
      const notModified = req.headers['if-none-match'] === taggedEtag(entry.etag, encoding);
      const reqId = requestIdOf(req.headers);
      const status = notModified ? 304 : entry.statusCode;
      const headers = ['x-request-id', reqId, ...earlyHeaders(entry, encoding, notModified)];
      let body: Buffer | undefined;
      if (!notModified) {
        body = encoding === 'identity' ? entry.body : entry.compressed[encoding]!;
        headers.push('content-length', String(body.length));
      }
      res.writeHead(status, headers);
      // A HEAD's answer has no body: Node leaves out what end() is given.
      res.end(body);
      logRequest(log, {
        reqId,
        method: req.method,
        path: url.split('?', 1)[0]!,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
      return true;
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A plain route whose answer is the same for every reader until a write: the cache keeps it by path. */
    publicRead?: boolean;
    /** A route whose successful POST changes no public answer (the page-view beacon): the cache is kept. */
    keepsPublicReads?: boolean;
  }
}
