import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { uploads } from './tables';
import type { ByteRange, ObjectStorage, StoredObject } from '../../platform/storage';
import { openUpload, OBJECT_NAME_PATTERN } from './serving';
import { DECODE, loadSharp } from './sharp';

/** The widths an uploaded image is also served at (?w=), so pages fetch the size they show. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/** Where the copy of an image at a width is kept (in the folder, `.variants/` as before storage had keys). */
function variantKey(name: string, width: number): string {
  return `.variants/${name}-${width}.webp`;
}

/** Stores the WebP copies narrower than the image; answers their keys. */
export async function makeVariants(
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
