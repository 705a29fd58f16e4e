// The admins' list, for the admin shell (pages/admin) only.
export { AdminsSection } from './AdminsSection';
