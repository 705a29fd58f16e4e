export { ActivitySection } from './ActivitySection';
