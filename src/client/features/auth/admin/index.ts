// The staff's list and your own profile, for the admin shell (pages/admin) only.
export { AdminsSection } from './AdminsSection';
export { ProfileSection } from './ProfileSection';
