// The activity log's admin section, for the admin shell (pages/admin) only.
export { ActivitySection } from './ActivitySection';
