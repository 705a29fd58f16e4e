import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  parseRangeHeader,
  RangeNotSatisfiable,
  type ByteRange,
  type StoredObject,
} from '../../platform/storage';
import { sendApiError } from './api-errors';

// Serving a file from the storage with at most one byte range (players seek so): uploads and
// uploaded episode audio both answer through here.

export interface OpenedFile {
  object: StoredObject;
  contentType: string;
}

/**
 * Opens a stored file with the request's Range; a range outside the file is answered here with 416
 * and `answered` set. `found` is null when there is no such file.
 */
export async function openWithRange(
  reply: FastifyReply,
  rangeHeader: string | undefined,
  open: (range: ByteRange | undefined) => Promise<OpenedFile | null>,
): Promise<{ answered: true } | { answered: false; found: OpenedFile | null; range: ByteRange | undefined }> {
  const range = parseRangeHeader(rangeHeader) ?? undefined;
  try {
    return { answered: false, found: await open(range), range };
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiable)) throw error;
    sendApiError(reply, 416, 'The range lies outside the file.', {
      'Content-Range': `bytes */${error.size}`,
    });
    return { answered: true };
  }
}

/** Sends an opened file: its length, 206 with Content-Range when a range was asked; no body for HEAD. */
export function sendStoredFile(
  reply: FastifyReply,
  object: StoredObject,
  range: ByteRange | undefined,
  head = false,
) {
  void reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Length', String(object.size === 0 ? 0 : object.end - object.start + 1));
  if (range)
    void reply.code(206).header('Content-Range', `bytes ${object.start}-${object.end}/${object.size}`);
  if (head) {
    // Nothing is read; an empty stream keeps the Content-Length above (an empty body would set 0).
    object.body.destroy();
    return reply.send(Readable.from([]));
  }
  return reply.send(object.body);
}
