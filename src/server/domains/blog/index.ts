// The blog domain's public surface: other domains, routers and http/ import from here only.
export * from './posts';
export * from './sanitise-post-html';
export * from './publishing';
export * from './go-out';
export * from './search';
export * from './addresses';
