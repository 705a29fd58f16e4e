import { UPLOAD_MAX_MB_DEFAULT } from '../../../../shared/constants';

// What the server takes for an upload, written once on the client (the server decides from the
// bytes; these checks only save a wasted upload). Until src/shared carries the audio limit and the
// accepted types, this file is the client's one copy of them.

/** An image: the types and extensions a picture may have, and its largest size. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'];
/** What an image file picker offers, as its accept attribute lists it. */
export const IMAGE_PICKER_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
export const ACCEPTED_IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
export const IMAGE_MAX_MB = UPLOAD_MAX_MB_DEFAULT;

/** A podcast episode's audio file: what its picker offers, and its largest size. */
export const AUDIO_PICKER_ACCEPT =
  'audio/mpeg,audio/mp4,audio/aac,audio/x-m4a,audio/ogg,audio/wav,audio/x-wav,.mp3,.m4a,.aac,.ogg,.wav';
export const AUDIO_MAX_MB = 200;

export const megabytes = (mb: number) => mb * 1024 * 1024;
