/**
 * The longest address of a request to /trpc, its query string included. A batched GET names every
 * procedure in its path and carries every input in its query string, so its address grows with
 * the batch: the client's link starts another batch before one would be longer
 * (src/client/lib/trpc.ts), and the server answers a longer one 414 (src/server/web/http/trpc.ts).
 * Well under what proxies and Node's header limit take (8 and 16 KB), and over the longest single
 * query the site makes (a 200-character search of non-Latin letters, percent-encoded).
 */
export const TRPC_URL_MAX_LENGTH = 4000;
