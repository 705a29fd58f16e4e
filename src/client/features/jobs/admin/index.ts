// The failed background jobs' admin section, for the admin shell (pages/admin) only.
export { JobsSection } from './JobsSection';
