// The site-content domain's public surface: other domains, routers and http/ import from here only.
export * from './business';
export * from './content';
export * from './settings';
