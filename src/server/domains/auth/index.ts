// The auth domain's public surface: other domains, routers and http/ import from here only.
export * from './admins';
export * from './password-reset';
export * from './passwords';
export * from './sessions';
export * from './sign-in-throttle';
export * from './sign-in';
export { users } from './tables';
