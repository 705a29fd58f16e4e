import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * the specification: clients set a JSON content type only when there is a body, so POST
 * /api/admin/logout and POST /api/objects/upload arrive with neither. The REST layer wants JSON,
 * so an empty POST or PATCH under /api/ is read as the empty object `{}`.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.method !== 'POST' && req.method !== 'PATCH') return payload;
    if (!req.url.startsWith('/api/')) return payload;
    const { headers } = req;
    const empty =
      headers['transfer-encoding'] === undefined &&
      (headers['content-length'] === undefined || headers['content-length'] === '0');
    if (headers['content-type'] !== undefined || !empty) return payload;
    headers['content-type'] = 'application/json';
    headers['content-length'] = '2';
    const body = Readable.from([Buffer.from('{}')]) as Readable & { receivedEncodedLength?: number };
    body.receivedEncodedLength = 2;
    return body;
  });
}
