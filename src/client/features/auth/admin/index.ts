export { AdminsSection } from './AdminsSection';
