import type { default as Sharp } from 'sharp';

/**
 * Larger images are scaled down to fit this box (which also drops their EXIF data, GPS included):
 * as wide as a post's image is ever shown at twice its size, and a tall infographic's worth of height.
 */
export const MAX_IMAGE_WIDTH = 2400;
export const MAX_IMAGE_HEIGHT = 4800;
/**
 * No image is decoded past this many pixels (a 8000 x 5000 photo is 40 MP): a long, narrow PNG of
 * a few hundred KB would otherwise take far more memory than a small server has, and most of a
 * second of CPU each time (docs/bench/2026-11-24-image-decoding.md).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
export const DECODE = { limitInputPixels: MAX_INPUT_PIXELS } as const;
let sharpLoaded: Promise<typeof Sharp> | undefined;
/**
 * sharp, loaded on the first image it is asked about: libvips and its libraries are resident memory
 * that a server which is only read never needs (docs/bench/2026-11-24-image-decoding.md). sharp keeps decoded files
 * in a cache of its own and decodes on every core: on a small server the uploads of one admin need
 * neither, and their memory goes back at once.
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}
