// The uploads domain's public surface: other domains, routers and http/ import from here only.
export * from './audio';
export * from './uploads';
