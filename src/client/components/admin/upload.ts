import { throwIfNotOk } from '../../lib/api';
import {
  ACCEPTED_IMAGE_EXTENSIONS,
  AUDIO_MAX_BYTES,
  AUDIO_MAX_MB,
  IMAGE_MAX_MB,
  isAcceptedImageType,
  megabytes,
} from './upload-limits';

/** A toast's words for a file refused before it is sent. */
export interface Refusal {
  title: string;
  description: string;
}

/** The refusal of an image file, or null when it may go. */
export function checkImageFile(file: File): Refusal | null {
  if (!isAcceptedImageType(file.type) && !ACCEPTED_IMAGE_EXTENSIONS.test(file.name)) {
    return { title: 'Invalid file type', description: 'Please choose a JPEG, PNG, GIF or WebP image.' };
  }
  if (file.size > megabytes(IMAGE_MAX_MB)) {
    return { title: 'File too large', description: `Please select a file smaller than ${IMAGE_MAX_MB}MB` };
  }
  return null;
}

/** The refusal of an audio file, or null when it may go: its size only, the server reads its bytes. */
export function checkAudioFile(file: File): Refusal | null {
  if (file.size > AUDIO_MAX_BYTES) {
    return {
      title: 'File too large',
      description: `Please select an audio file smaller than ${AUDIO_MAX_MB}MB`,
    };
  }
  return null;
}

/**
 * PUTs the file to the signed uploadURL and returns where it is served: /objects/uploads/ and the
 * last path segment of the uploadURL (README, uploads). The PUT goes to our own origin's path.
 */
export async function putToUploadUrl(file: File, uploadURL: string): Promise<string> {
  const target = new URL(uploadURL, window.location.origin);
  const res = await fetch(target.pathname + target.search, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return `/objects/uploads/${target.pathname.split('/').pop()}`;
}
