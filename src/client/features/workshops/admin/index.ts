// The workshop sessions' admin section, for the admin shell (pages/admin) only.
export { WorkshopSessionsSection } from './WorkshopSessionsSection';
