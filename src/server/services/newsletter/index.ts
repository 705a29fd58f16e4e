// The newsletter domain's public surface: other domains, routers and http/ import from here only.
export * from './signup';
export * from './subscribers';
