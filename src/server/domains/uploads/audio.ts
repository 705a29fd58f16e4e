import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../deps';
import { uploads } from './tables';
import { DomainError } from '../../platform/errors';
import { receiveUpload } from './receiving';
import { AUDIO_UPLOAD_MAX_BYTES } from '../../../shared/constants';

// A podcast episode's audio uploaded in the admin, through the same signed, single-use
// link as images (POST /api/objects/upload with kind audio): streamed to disk, judged by its first
// bytes, never decoded. Served to the player by GET /api/audio-proxy/{id} with Range support.

export { AUDIO_UPLOAD_MAX_BYTES };

export type AudioType = 'audio/mpeg' | 'audio/mp4' | 'audio/aac' | 'audio/ogg' | 'audio/wav';
export const AUDIO_TYPES: readonly AudioType[] = [
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/wav',
];

export const audioUploadErrors = {
  tooLarge: () =>
    new DomainError(
      'PAYLOAD_TOO_LARGE',
      `Audio file too large. Please upload a file of at most ${AUDIO_UPLOAD_MAX_BYTES / (1024 * 1024)}MB.`,
    ),
  badType: () =>
    new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Invalid file type. Please upload an MP3, M4A (AAC), OGG or WAV audio file.',
    ),
};

/** The audio type from the file's first bytes (16 are enough), whatever its name or declared type says. */
export function sniffAudioType(head: Uint8Array): AudioType | null {
  const ascii = (offset: number, text: string) =>
    [...text].every((c, i) => head[offset + i] === c.charCodeAt(0));
  if (ascii(0, 'ID3')) return 'audio/mpeg';
  if (ascii(0, 'OggS')) return 'audio/ogg';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'audio/wav';
  // An MP4 container (.m4a): its first box is 'ftyp'.
  if (ascii(4, 'ftyp')) return 'audio/mp4';
  // A bare MPEG audio frame: 11 sync bits; layer bits 00 are AAC's ADTS, anything else MP1-3.
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0) {
    const layer = (head[1] >> 1) & 0x03;
    if (layer === 0) return (head[1] & 0xf6) === 0xf0 ? 'audio/aac' : null;
    return 'audio/mpeg';
  }
  return null;
}

/** Streams an audio file into place under `name`; on any failure nothing remains. */
export async function storeAudioUpload(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>,
  input: { name: string; userId: number | null; body: Readable },
): Promise<{ objectPath: string; contentType: string; size: number; width: null; height: null }> {
  const { temp, size, head } = await receiveUpload(
    deps,
    input,
    AUDIO_UPLOAD_MAX_BYTES,
    audioUploadErrors.tooLarge,
  );
  try {
    const contentType = sniffAudioType(head);
    if (!contentType) throw audioUploadErrors.badType();
    await deps.storage.put(input.name, { stream: fs.createReadStream(temp), size }, contentType);
    try {
      await deps.db
        .insert(uploads)
        .values({ name: input.name, contentType, size, userId: input.userId, createdAt: deps.clock() });
    } catch (error) {
      await deps.storage.delete(input.name);
      throw error;
    }
    return { objectPath: `/objects/uploads/${input.name}`, contentType, size, width: null, height: null };
  } finally {
    await fsp.rm(temp, { force: true });
  }
}
