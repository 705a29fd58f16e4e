export { WorkshopSessionsSection } from './WorkshopSessionsSection';
