import { UPLOAD_MAX_MB_DEFAULT } from '../../../../shared/constants';
import { throwIfNotOk } from '../../../lib/api';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'];
/** What an image file picker offers, as its accept attribute lists it. */
export const IMAGE_PICKER_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
export const ACCEPTED_IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;

/** The toast for a file refused before it is sent, or null when it may go. */
export function checkImageFile(file: File): { title: string; description: string } | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type) && !ACCEPTED_IMAGE_EXTENSIONS.test(file.name)) {
    return { title: 'Invalid file type', description: 'Please choose a JPEG, PNG, GIF or WebP image.' };
  }
  if (file.size > UPLOAD_MAX_BYTES) {
    return {
      title: 'File too large',
      description: `Please select a file smaller than ${UPLOAD_MAX_MB_DEFAULT}MB`,
    };
  }
  return null;
}

/**
 * PUTs the file to the signed uploadURL and returns where it is served: /objects/uploads/ and the
 * last path segment of the uploadURL (SPEC section 7). The PUT goes to our own origin's path.
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
