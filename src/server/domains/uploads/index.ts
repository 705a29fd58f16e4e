// The uploads domain's public surface: other domains, routers and http/ import from here only.
export * from './audio';
export * from './images';
export { IMAGE_VARIANT_WIDTHS, imageVariant } from './image-copies';
export * from './links';
export * from './receiving';
export * from './serving';
export { MAX_INPUT_PIXELS } from './sharp';
export { uploads } from './tables';
