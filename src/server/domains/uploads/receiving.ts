import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../../deps';
import { DomainError, forbidden } from '../../platform/errors';
import { INCOMING_FOLDER } from '../../platform/storage-local';

// Image upload in two steps, like a cloud bucket's signed URL: an admin asks for an uploadURL (signed,
// short-lived, single-use), then PUTs the file to it. The file is streamed to a temporary file of
// this instance (the size limit counted as it streams), checked from its bytes, and only then put
// into the storage (a folder or an S3 bucket, platform/storage.ts) under its name, so nothing
// partial or unchecked is ever stored or served. The last path segment of the uploadURL is the name.

type Deps = Pick<AppDeps, 'config'>;

export function uploadErrors(config: AppDeps['config']) {
  const mb = Math.round((config.UPLOAD_MAX_BYTES / (1024 * 1024)) * 10) / 10;
  return {
    tooLarge: () =>
      new DomainError('PAYLOAD_TOO_LARGE', `File too large. Please select a file smaller than ${mb}MB.`),
    badType: () =>
      new DomainError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Invalid file type. Please upload a JPEG, PNG, GIF or WebP image.',
      ),
    badLink: () =>
      forbidden(
        'This upload link is invalid, has expired or has already been used. Please request a new one.',
      ),
    interrupted: () => new DomainError('BAD_REQUEST', 'The upload was interrupted. Please try again.'),
    noFile: () => new DomainError('BAD_REQUEST', 'No file was sent. Please choose an image to upload.'),
    tooManyPixels: () =>
      new DomainError(
        'PAYLOAD_TOO_LARGE',
        'Image too large. Please upload an image of at most 40 megapixels (8000 x 5000, say).',
      ),
    gifTooLarge: () =>
      new DomainError(
        'PAYLOAD_TOO_LARGE',
        'GIF too large. Please upload a GIF of at most 2400 x 4800 pixels.',
      ),
  };
}

/**
 * Streams an upload into a temporary file, refusing it past `max` bytes as it arrives (never held in
 * memory), and answers the file, its size and its first bytes (to judge its type by). The caller
 * removes the file when it is done with it (it is renamed into place, or deleted).
 */
export async function receiveUpload(
  deps: Deps,
  input: { name: string; body: Readable },
  max: number,
  tooLarge: () => DomainError,
): Promise<{ temp: string; size: number; head: Buffer }> {
  const errors = uploadErrors(deps.config);
  // This instance's own work folder, whichever storage the checked file then goes to.
  const incoming = path.join(deps.config.uploadsDir, INCOMING_FOLDER);
  await fsp.mkdir(incoming, { recursive: true });
  const temp = path.join(incoming, `${input.name}-${randomBytes(6).toString('hex')}`);
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > max) {
        callback(tooLarge());
        return;
      }
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      callback(null, chunk);
    },
  });
  try {
    try {
      // The source is piped rather than part of the pipeline: a refused file must not destroy the
      // request, so that the 413 can still be sent. A source that closes before its end broke off.
      const source = input.body;
      const written = pipeline(counter, fs.createWriteStream(temp, { flags: 'wx', mode: 0o640 }));
      source.on('error', (error) => counter.destroy(error));
      source.on('close', () => {
        if (!source.readableEnded) counter.destroy(errors.interrupted());
      });
      source.pipe(counter);
      await written;
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // A limit from the multipart parser, or a connection that broke off halfway.
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw errors.interrupted();
    }
    if ((input.body as Readable & { truncated?: boolean }).truncated) throw tooLarge();
    if (size === 0) throw errors.noFile();
    return { temp, size, head };
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Removes what a killed process left in the temporary upload folder. Called at start, before the
 * server accepts uploads, so nothing in there can belong to an upload in progress.
 */
export async function clearIncomingUploads(uploadsDir: string): Promise<number> {
  const incoming = path.join(uploadsDir, INCOMING_FOLDER);
  const leftovers = await fsp.readdir(incoming).catch(() => [] as string[]);
  await Promise.all(
    leftovers.map((file) => fsp.rm(path.join(incoming, file), { force: true, recursive: true })),
  );
  return leftovers.length;
}
