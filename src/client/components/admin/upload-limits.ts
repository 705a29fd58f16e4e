import {
  ACCEPTED_IMAGE_TYPES,
  AUDIO_UPLOAD_MAX_BYTES,
  AUDIO_UPLOAD_MAX_MB,
  UPLOAD_MAX_MB_DEFAULT,
} from '../../../shared/constants';

// What the server takes for an upload, from src/shared/constants (the server decides from the
// bytes; these checks only save a wasted upload).

/** Whether a file's reported type is an accepted image type ("image/jpg" is what some systems call JPEG). */
export const isAcceptedImageType = (type: string): boolean =>
  type === 'image/jpg' || (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);
/** What an image file picker offers, as its accept attribute lists it. */
export const IMAGE_PICKER_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');
export const ACCEPTED_IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
export const IMAGE_MAX_MB = UPLOAD_MAX_MB_DEFAULT;

/** A podcast episode's audio file: what its picker offers, and its largest size. */
export const AUDIO_PICKER_ACCEPT =
  'audio/mpeg,audio/mp4,audio/aac,audio/x-m4a,audio/ogg,audio/wav,audio/x-wav,.mp3,.m4a,.aac,.ogg,.wav';
export const AUDIO_MAX_MB = AUDIO_UPLOAD_MAX_MB;
export const AUDIO_MAX_BYTES = AUDIO_UPLOAD_MAX_BYTES;

export const megabytes = (mb: number) => mb * 1024 * 1024;
