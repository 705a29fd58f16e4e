// What other features may use of sign-in: the signed-in admin and signing out.
export { useAdminUser } from './useAdminUser';
export { useLogout } from './useLogout';
