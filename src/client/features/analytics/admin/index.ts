// The visitor figures' admin section, for the admin shell (pages/admin) only.
export { AnalyticsSection } from './AnalyticsSection';
