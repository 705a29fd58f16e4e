import type { FastifyRequest } from 'fastify';

// A successful write empties every cached public read (http/response-cache.ts), here and on the
// other instances. A write that cannot change any of them (an enquiry, a newsletter signup: nothing
// public shows them) says so here, and the cache is kept: on a busy site each enquiry otherwise sent
// the next reads of every page back to the renderer (docs/decisions/0022-early-cache-hits.md).

const keeping = new WeakSet<FastifyRequest>();

/** This request's write changes no public read: the response cache stays as it is. */
export function keepPublicReads(req: FastifyRequest): void {
  keeping.add(req);
}

export function keepsPublicReads(req: FastifyRequest): boolean {
  return keeping.has(req);
}
