import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Metadata } from 'sharp';
import type { AppDeps } from '../../deps';
import { uploads } from './tables';
import type { ACCEPTED_IMAGE_TYPES } from '../../../shared/constants';
import { makeVariants } from './image-copies';
import { receiveUpload, uploadErrors } from './receiving';
import { DECODE, loadSharp, MAX_IMAGE_HEIGHT, MAX_IMAGE_WIDTH, MAX_INPUT_PIXELS } from './sharp';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>;

/** The only types accepted, judged from the bytes. */
type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

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
    // request ever decodes an image.
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
