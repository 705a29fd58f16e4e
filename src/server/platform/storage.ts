import type { Readable } from 'node:stream';

// Where uploaded files live (issue 17.2): a local folder on the embedded default, an S3-compatible
// bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO) when several instances must see the same
// files. A small interface of whole objects under keys such as `abc...xyz` or `.variants/abc-640.webp`,
// so what stores and serves files (images now, podcast audio next) never knows which one it has.

/** Bytes to store: a buffer, or a stream whose length is known (S3 needs it before the first byte). */
export type ObjectBody = Buffer | { stream: Readable; size: number };

/** Part of an object, as an HTTP Range asks for it: from start (to end, inclusive), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface ObjectInfo {
  key: string;
  size: number;
}

export interface StoredObject {
  body: Readable;
  /** The whole object's size, whatever part of it body holds. */
  size: number;
  /** The bytes body holds, inclusive; 0 and size - 1 without a range. */
  start: number;
  end: number;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores the object whole: readers see the old one or the new one, never a part. */
  put(key: string, body: ObjectBody, contentType: string): Promise<void>;
  /** The object (or the part a range asks for), or null when there is none; RangeNotSatisfiable past its end. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with prefix, in no particular order. */
  list(prefix?: string): AsyncIterable<ObjectInfo>;
  /** Whether the storage answers now (for readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A range that starts past the object's end (HTTP 416); size is the object's. */
export class RangeNotSatisfiable extends Error {
  override name = 'RangeNotSatisfiable';
  constructor(readonly size: number) {
    super(`The range starts past the end of the ${size} bytes stored`);
  }
}

/**
 * The one byte range of a Range header (`bytes=0-`, `bytes=100-199`, `bytes=-500`), or null when
 * there is none or it is one we answer with the whole object (several ranges, another unit), as
 * RFC 9110 allows.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') return Number(to) > 0 ? { suffix: Number(to) } : null;
  if (to !== '' && Number(to) < Number(from)) return null;
  return to === '' ? { start: Number(from) } : { start: Number(from), end: Number(to) };
}

/** The inclusive bytes a range covers in an object of size bytes; RangeNotSatisfiable when none. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: Math.max(0, size - 1) };
  // An empty object has no bytes to ask for (RFC 9110 14.1.1).
  if (size === 0) throw new RangeNotSatisfiable(0);
  if ('suffix' in range) return { start: Math.max(0, size - range.suffix), end: size - 1 };
  if (range.start >= size) throw new RangeNotSatisfiable(size);
  return { start: range.start, end: Math.min(size - 1, range.end ?? size - 1) };
}

/** Keys are relative paths of plain names: no empty, `.` or `..` segment, nothing a path could escape with. */
export function checkObjectKey(key: string): string {
  const segments = key.split('/');
  if (!segments.every((s) => /^[A-Za-z0-9._-]{1,200}$/.test(s) && s !== '.' && s !== '..'))
    throw new Error(`Not an object key: ${JSON.stringify(key)}`);
  return key;
}
