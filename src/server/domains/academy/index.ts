// The academy domain's public surface: other domains, routers and http/ import from here only.
export * from './admin';
export * from './mail';
export * from './manage-links';
export * from './payments';
export * from './subscription-events';
