import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pipeline, Transform, type Readable } from 'node:stream';
import { isAllowedPrivate, nonPublicReason, type AllowedAddress } from './address-ranges';

// The one way the server fetches a URL that came from outside (a podcast feed, an episode's audio).
// Every hop, the first request and each redirect alike, goes only to public addresses: the host
// name is resolved here, every address it resolves to is checked, and the connection is made to
// the address that was checked (so a name cannot resolve to a public address for the check and to
// 127.0.0.1 for the connection). Redirects are bounded and bodies are capped while they stream.
// OUTBOUND_ALLOW_PRIVATE names the private addresses an operator allows on purpose (an internal
// media server, or the tests' stand-in hosts on 127.0.0.1).

export const OUTBOUND_MAX_REDIRECTS = 5;

export type OutboundFailure =
  'refused' | 'unreachable' | 'timeout' | 'too-large' | 'too-many-redirects' | 'bad-url';

export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface OutboundOptions {
  headers?: Record<string, string>;
  /** Connecting and receiving the headers of each hop; afterwards, the longest a body may stall. */
  timeoutMs: number;
  /** The body stops with a 'too-large' error past this many bytes (a larger Content-Length is refused at once). */
  maxBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Called with each hop's request, e.g. to abort it when our own client goes away. */
  onRequest?: (req: http.ClientRequest) => void;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, capped at maxBytes. */
  body: Readable;
  /** The address that answered, after redirects. */
  url: URL;
}

export interface OutboundClient {
  /** GETs url, following redirects, and answers once the final response's headers are in. */
  get(url: string | URL, options: OutboundOptions): Promise<OutboundResponse>;
  /** GETs url and reads the whole body as UTF-8 text, at most maxBytes (required here). */
  getText(
    url: string | URL,
    options: OutboundOptions & { maxBytes: number },
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Refuses an address that is not public unless the allow-list names it. */
function checkAddress(allow: readonly AllowedAddress[], address: string, port: number, host: string): void {
  const reason = nonPublicReason(address);
  if (reason && !isAllowedPrivate(allow, address, port)) {
    throw new OutboundError(
      'refused',
      `${host} is not a public address (${address} is ${reason}); the server does not fetch from it`,
    );
  }
}

export function createOutboundClient(config: { allowPrivate: readonly AllowedAddress[] }): OutboundClient {
  const allow = config.allowPrivate;
  // Own connection pools: a socket opened by another client (the Stripe SDK, say) is never reused
  // for a request that was not checked, and these sockets serve nothing else.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 50 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 50 }),
  };

  /** A dns.lookup that answers only checked addresses; the socket connects to what it answers. */
  const guardedLookup =
    (port: number) =>
    (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
      dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        try {
          if (addresses.length === 0) throw new OutboundError('unreachable', `${hostname} has no address`);
          // Every address, not only the first: the socket may try the others.
          for (const a of addresses) checkAddress(allow, a.address, port, hostname);
        } catch (refusal) {
          return callback(refusal as NodeJS.ErrnoException, []);
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    };

  function requestOnce(url: URL, options: OutboundOptions): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const protocol = url.protocol as 'http:' | 'https:';
      const port = Number(url.port) || (protocol === 'https:' ? 443 : 80);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // An address in the URL is never looked up, so it is checked here.
      if (net.isIP(host)) checkAddress(allow, host, port, host);
      const client = protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method: 'GET',
        headers: options.headers,
        agent: agents[protocol],
        lookup: guardedLookup(port) as unknown as typeof dns.lookup,
        signal: options.signal,
      });
      options.onRequest?.(req);
      const timer = setTimeout(() => {
        req.destroy(new OutboundError('timeout', `${url.host} did not answer in time`));
      }, options.timeoutMs);
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(
          error instanceof OutboundError
            ? error
            : new OutboundError('unreachable', `${url.host} could not be reached`),
        );
      });
      req.on('response', (res) => {
        clearTimeout(timer);
        resolve(res);
      });
      req.end();
    });
  }

  async function get(input: string | URL, options: OutboundOptions): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new OutboundError('bad-url', 'The address is not a valid URL');
    }
    const maxRedirects = options.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new OutboundError('bad-url', 'Only http and https addresses are fetched');
      const res = await requestOnce(url, options);
      const status = res.statusCode ?? 502;
      const location = res.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        res.resume();
        if (hop >= maxRedirects)
          throw new OutboundError('too-many-redirects', `${url.host} redirected too many times`);
        try {
          url = new URL(location, url);
        } catch {
          throw new OutboundError('bad-url', `${url.host} redirected to an invalid address`);
        }
        continue;
      }
      const declared = Number(res.headers['content-length']);
      if (options.maxBytes !== undefined && Number.isFinite(declared) && declared > options.maxBytes) {
        res.destroy();
        throw new OutboundError(
          'too-large',
          `The answer from ${url.host} is larger than ${options.maxBytes} bytes`,
        );
      }
      return { status, headers: res.headers, body: capBody(res, url, options), url };
    }
  }

  async function getText(input: string | URL, options: OutboundOptions & { maxBytes: number }) {
    const res = await get(input, options);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of res.body) chunks.push(chunk as Buffer);
    } catch (error) {
      throw error instanceof OutboundError ? error : new OutboundError('unreachable', 'The answer broke off');
    }
    return { status: res.status, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') };
  }

  return { get, getText };
}

/**
 * The response body, cut off when it stalls for timeoutMs and, with maxBytes, when it grows past
 * it. The socket may be reused (keep-alive), so the idle timer goes when this response is done.
 */
function capBody(res: http.IncomingMessage, url: URL, options: OutboundOptions): Readable {
  const socket = res.socket;
  const onStall = () => res.destroy(new OutboundError('timeout', `${url.host} stopped sending`));
  socket.setTimeout(options.timeoutMs);
  socket.on('timeout', onStall);
  res.once('close', () => {
    socket.off('timeout', onStall);
    socket.setTimeout(0);
  });
  const max = options.maxBytes;
  if (max === undefined) return res;
  const tooLarge = () =>
    new OutboundError('too-large', `The answer from ${url.host} is larger than ${max} bytes`);
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  // Either side failing or closing early ends both, so an abandoned download stops at once.
  pipeline(res, counter, () => {});
  return counter;
}
