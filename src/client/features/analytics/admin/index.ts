export { AnalyticsSection } from './AnalyticsSection';
