// The podcasts domain's public surface: other domains, routers and http/ import from here only.
export * from './admin';
export * from './episodes';
