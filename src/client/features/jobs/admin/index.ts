export { JobsSection } from './JobsSection';
