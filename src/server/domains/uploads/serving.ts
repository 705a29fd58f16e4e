import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { uploads } from './tables';
import type { ByteRange, StoredObject } from '../../platform/storage';

/** The name of an upload: the last path segment of its uploadURL. */
export const OBJECT_NAME_PATTERN = /^[a-z2-7]{32}$/;

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
