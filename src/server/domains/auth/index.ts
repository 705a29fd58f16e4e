// What the rest of the server may use of the auth domain: admins, the session check, the sign-in
// throttle, password hashing, and the users table (an author's name on a post).
export { createAdmin, ensureAdminFromConfig } from './staff';
export { requestPasswordReset } from './password-reset';
export {
  ARGON2_CONCURRENCY,
  argon2Running,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords';
export { validateSessionToken } from './sessions';
export { createSignInThrottle, type SignInThrottle } from './sign-in-throttle';
export { staffSlugs, users } from './tables';
