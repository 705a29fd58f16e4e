// The contact domain's public surface: other domains, routers and http/ import from here only.
export * from './challenges';
export * from './enquiries';
export * from './messages';
