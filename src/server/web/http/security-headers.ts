import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config';

/**
 * The security headers helmet sets for this policy, computed once. Every response gets the same
 * headers, and @fastify/helmet's per-request recomputation halved the throughput of cached reads
 * (19,000 against 40,000 requests a second in `npm run bench`'s setting), so the app applies this
 * precomputed set instead.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** The site's policy: scripts, styles, images and connections from our own origin only. */
export function sitePolicy(config: Pick<Config, 'isHttps'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isHttps ? [] : null,
      },
    },
    strictTransportSecurity: config.isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Hashed scripts and styles are not documents: the page's policy headers mean nothing on them,
 * and dropping them saves several hundred bytes on each of a page's requests.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * What an answer of the API (JSON, a feed of bytes, an error) or of a route that says it is never
 * a page (`config.notADocument`: the sitemap, the feeds, robots.txt) needs instead of the page's
 * policy: it may load nothing, run nothing and be framed by nothing if a browser is ever pointed
 * at it (OWASP's REST headers). The framing and sniffing headers stay for older browsers; the
 * document-only rest is left out, as on assets.
 */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const API_KEEPS = new Set(['x-frame-options']);

/** The security headers of every API answer. */
function apiSecurityHeaders(config: Pick<Config, 'isHttps'>): Record<string, string> {
  const policyHeaders = securityHeaders(sitePolicy(config));
  return {
    ...Object.fromEntries(
      Object.entries(policyHeaders).filter(
        ([name]) => !DOCUMENT_ONLY_HEADERS.includes(name) || API_KEEPS.has(name),
      ),
    ),
    'content-security-policy': API_POLICY,
  };
}

/**
 * Helmet's headers for the site's policy, computed once and sent on every response. Returns the
 * names of every header some answer carries (what a cached answer keeps of them).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'isHttps'>,
): readonly string[] {
  const policyHeaders = securityHeaders(sitePolicy(config));
  const assetHeaders = Object.fromEntries(
    Object.entries(policyHeaders).filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name)),
  );
  const apiHeaders = apiSecurityHeaders(config);
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    void reply.headers(
      url.startsWith('/api/') || url.startsWith('/trpc/') || req.routeOptions.config?.notADocument
        ? apiHeaders
        : url.startsWith('/assets/')
          ? assetHeaders
          : policyHeaders,
    );
    done();
  });
  // The page's set holds every name; the API's and the assets' are parts of it.
  return Object.keys(policyHeaders);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route never answers with a page (a feed, a crawler file): it takes the API's headers. */
    notADocument?: boolean;
  }
}
