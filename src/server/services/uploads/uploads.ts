import { randomBytes } from 'node:crypto';
import { hmacSha256, signatureMatches } from '../../platform/signing';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Metadata, default as Sharp } from 'sharp';
import type { AppDeps } from '../../deps';
import { uploadTickets, uploads } from '../../db/schema';
import { appSecret } from '../../platform/app-secrets';
import { DomainError, forbidden } from '../../platform/errors';
import type { ByteRange, ObjectStorage, StoredObject } from '../../platform/storage';
import { INCOMING_FOLDER } from '../../platform/storage-local';
import { randomToken } from '../../platform/tokens';

// Image upload in two steps, like a cloud bucket's signed URL: an admin asks for an uploadURL (signed,
// short-lived, single-use), then PUTs the file to it. The file is streamed to a temporary file of
// this instance (the size limit counted as it streams), checked from its bytes, and only then put
// into the storage (a folder or an S3 bucket, services/storage.ts) under its name, so nothing
// partial or unchecked is ever stored or served. The last path segment of the uploadURL is the name.
export const UPLOAD_TICKET_LIFETIME_MS = 15 * 60 * 1000;
/**
 * Larger images are scaled down to fit this box (which also drops their EXIF data, GPS included):
 * as wide as a post's image is ever shown at twice its size, and a tall infographic's worth of height.
 */
const MAX_IMAGE_WIDTH = 2400;
const MAX_IMAGE_HEIGHT = 4800;
/**
 * No image is decoded past this many pixels (a 8000 x 5000 photo is 40 MP): a 2,400 x 60,000 PNG
 * of a few hundred KB would otherwise take 0.5 GB and most of a second of CPU each time (issue 13.7).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
const DECODE = { limitInputPixels: MAX_INPUT_PIXELS } as const;
let sharpLoaded: Promise<typeof Sharp> | undefined;
/**
 * sharp, loaded on the first image it is asked about: libvips and its libraries are 10-20 MB of
 * resident memory that a server which is only read never needs (issue 24). sharp keeps decoded files
 * in a cache of its own and decodes on every core: on a small server the uploads of one admin need
 * neither, and their memory goes back at once.
 */
function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}
export const OBJECT_NAME_PATTERN = /^[a-z2-7]{32}$/;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>;

/** The only types accepted, judged from the bytes. */
type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

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

/** The content type from the file's first bytes, whatever its name or declared type says. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

// --- Signing ------------------------------------------------------------------------------------
// The HMAC key is in the database (app_secrets), so a link one instance gives out works on every
// other; the ticket it names is a row there too, so "single-use" holds across instances.

/** What an upload link accepts: an image (the default), or a podcast episode's audio (kind=audio in the link). */
export type UploadKind = 'image' | 'audio';

async function sign(
  deps: Pick<AppDeps, 'db'>,
  name: string,
  expires: number,
  kind: UploadKind = 'image',
): Promise<string | null> {
  const key = await appSecret(deps.db, 'upload-signing', true);
  // An image link signs what it always signed; an audio link signs its kind too, so it cannot be made from one.
  return (
    key &&
    hmacSha256(key, `PUT\n/objects/uploads/${name}\n${expires}${kind === 'audio' ? '\naudio' : ''}`, 'hex')
  );
}

export async function createUploadTicket(
  deps: Deps,
  userId: number,
  kind: UploadKind = 'image',
): Promise<{ uploadURL: string; objectPath: string; expiresAt: string }> {
  const name = randomToken(20);
  const now = deps.clock();
  const expires = now.getTime() + UPLOAD_TICKET_LIFETIME_MS;
  await deps.db
    .insert(uploadTickets)
    .values({ id: name, userId, expiresAt: new Date(expires), createdAt: now });
  const objectPath = `/objects/uploads/${name}`;
  const kindParam = kind === 'audio' ? '&kind=audio' : '';
  return {
    uploadURL: `${deps.config.publicUrl}/api${objectPath}?expires=${expires}${kindParam}&signature=${await sign(deps, name, expires, kind)}`,
    objectPath,
    expiresAt: new Date(expires).toISOString(),
  };
}

/** Checks the link's signature and expiry; the ticket itself is used up by claimUploadTicket. */
export async function checkUploadSignature(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  name: string,
  expires: unknown,
  signature: unknown,
  kind: UploadKind = 'image',
): Promise<boolean> {
  if (!OBJECT_NAME_PATTERN.test(name) || typeof expires !== 'string' || typeof signature !== 'string')
    return false;
  if (!/^\d{1,16}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Number(expires) <= deps.clock().getTime()) return false;
  const expected = await sign(deps, name, Number(expires), kind);
  return expected !== null && signatureMatches(expected, signature);
}

/** Uses up the ticket: the returned user id, or a 403 when it was already used or has expired. */
export async function claimUploadTicket(deps: Deps, name: string): Promise<number | null> {
  const now = deps.clock();
  const [ticket] = await deps.db
    .update(uploadTickets)
    .set({ usedAt: now })
    .where(and(eq(uploadTickets.id, name), isNull(uploadTickets.usedAt), gt(uploadTickets.expiresAt, now)))
    .returning({ userId: uploadTickets.userId });
  if (!ticket) throw uploadErrors(deps.config).badLink();
  return ticket.userId;
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
 * Streams a file into place under `name`: at most UPLOAD_MAX_BYTES, a JPEG, PNG, GIF or WebP judged
 * by its bytes and by decoding it. On any failure, a broken-off transfer included, nothing remains.
 */
export async function storeUpload(
  deps: Deps,
  input: { name: string; userId: number | null; body: Readable },
): Promise<{
  objectPath: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}> {
  const errors = uploadErrors(deps.config);
  const received = await receiveUpload(deps, input, deps.config.UPLOAD_MAX_BYTES, errors.tooLarge);
  const { temp, head } = received;
  let { size } = received;
  try {
    const contentType = sniffImageType(head);
    if (!contentType) throw errors.badType();
    const sharp = await loadSharp();

    // Decoding proves it is an image and not just one with the right first bytes.
    let meta: Metadata;
    try {
      // The header only: nothing is decoded here, and the pixel limit is checked just below.
      meta = await sharp(temp, { animated: contentType === 'image/gif', limitInputPixels: false }).metadata();
    } catch {
      throw errors.badType();
    }
    const expectedFormat = {
      'image/jpeg': 'jpeg',
      'image/png': 'png',
      'image/gif': 'gif',
      'image/webp': 'webp',
    }[contentType];
    if (meta.format !== expectedFormat) throw errors.badType();
    let width = meta.width ?? null;
    let height = meta.pageHeight ?? meta.height ?? null;
    // Reading the header decodes nothing: refuse a picture too big to decode before anything does.
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw errors.tooManyPixels();
    const oversized = (width ?? 0) > MAX_IMAGE_WIDTH || (height ?? 0) > MAX_IMAGE_HEIGHT;
    if (oversized && contentType !== 'image/gif') {
      const resized = `${temp}.resized`;
      const info = await sharp(temp, DECODE)
        .rotate()
        .resize({ width: MAX_IMAGE_WIDTH, height: MAX_IMAGE_HEIGHT, fit: 'inside', withoutEnlargement: true })
        .toFile(resized);
      await fsp.rename(resized, temp);
      width = info.width;
      height = info.height;
      size = info.size;
    }
    if (contentType === 'image/gif' && ((width ?? 0) > MAX_IMAGE_WIDTH || (height ?? 0) > MAX_IMAGE_HEIGHT)) {
      // An animated GIF is kept as it is (resizing would flatten it), so its size is a hard limit.
      throw errors.gifTooLarge();
    }
    await deps.storage.put(input.name, { stream: fs.createReadStream(temp), size }, contentType);
    // The smaller copies pages ask for (?w=) are made now, by the admin's upload, so no visitor's
    // request ever decodes an image (issue 13.7).
    const variants =
      contentType !== 'image/gif' && width ? await makeVariants(deps.storage, input.name, temp, width) : [];
    try {
      await deps.db.insert(uploads).values({
        name: input.name,
        contentType,
        size,
        width,
        height,
        userId: input.userId,
        createdAt: deps.clock(),
      });
    } catch (error) {
      await Promise.all([input.name, ...variants].map((key) => deps.storage.delete(key)));
      throw error;
    }
    return { objectPath: `/objects/uploads/${input.name}`, contentType, size, width, height };
  } finally {
    await fsp.rm(temp, { force: true });
    await fsp.rm(`${temp}.resized`, { force: true });
  }
}

/** A stored upload to serve (the part a range asks for), or null; RangeNotSatisfiable past its end. */
export async function openUpload(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  name: string,
  range?: ByteRange,
): Promise<{ object: StoredObject; contentType: string } | null> {
  if (!OBJECT_NAME_PATTERN.test(name)) return null;
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.name, name));
  if (!row) return null;
  const object = await deps.storage.get(name, range);
  return object && { object, contentType: row.contentType };
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

/** The widths an uploaded image is also served at (?w=), so pages fetch the size they show. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/** Where the copy of an image at a width is kept (in the folder, `.variants/` as before storage had keys). */
function variantKey(name: string, width: number): string {
  return `.variants/${name}-${width}.webp`;
}

/** Stores the WebP copies narrower than the image; answers their keys. */
async function makeVariants(
  storage: ObjectStorage,
  name: string,
  file: string,
  width: number,
): Promise<string[]> {
  const made: string[] = [];
  const sharp = await loadSharp();
  for (const w of IMAGE_VARIANT_WIDTHS.filter((v) => v < width)) {
    try {
      const copy = await sharp(file, DECODE).rotate().resize({ width: w }).webp({ quality: 80 }).toBuffer();
      await storage.put(variantKey(name, w), copy, 'image/webp');
      made.push(variantKey(name, w));
    } catch {
      // Without a copy the image is served as stored; the upload itself is fine.
    }
  }
  return made;
}

/**
 * A smaller WebP copy of a stored image. Uploads make theirs when they are stored; an image stored
 * before that (an older install) gets its copy made once, on the first request for it, within the
 * same pixel limit. GIFs (perhaps animated) and images already narrower than the width are served
 * as stored.
 */
export async function imageVariant(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  name: string,
  width: number,
  range?: ByteRange,
): Promise<{ object: StoredObject; contentType: string } | null> {
  if (!OBJECT_NAME_PATTERN.test(name)) return null;
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.name, name));
  // Narrower than the width asked for: the stored image is the copy (nothing is decoded).
  if (!row || row.contentType === 'image/gif' || (row.width && row.width <= width))
    return openUpload(deps, name, range);
  const key = variantKey(name, width);
  const existing = await deps.storage.get(key, range);
  if (existing) return { object: existing, contentType: 'image/webp' };
  const original = await deps.storage.get(name);
  if (!original) return null;
  try {
    const bytes = await readWhole(original.body);
    const sharp = await loadSharp();
    const meta = await sharp(bytes, DECODE).metadata();
    if (!meta.width || meta.width <= width) return openUpload(deps, name, range);
    const copy = await sharp(bytes, DECODE).rotate().resize({ width }).webp({ quality: 80 }).toBuffer();
    await deps.storage.put(key, copy, 'image/webp');
  } catch {
    // An image sharp cannot resize is still served as it was stored.
    return openUpload(deps, name, range);
  }
  const made = await deps.storage.get(key, range);
  return made && { object: made, contentType: 'image/webp' };
}

async function readWhole(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
