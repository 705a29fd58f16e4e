// The workshops domain's public surface: other domains, routers and http/ import from here only.
export * from './calendar';
export * from './mail';
export * from './reservations';
export * from './sessions';
export { workshopSessions } from './tables';
