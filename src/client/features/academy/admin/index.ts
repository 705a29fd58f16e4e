// The academy's admin section, for the admin shell (pages/admin) only.
export { AcademySubscriptionsSection } from './AcademySubscriptionsSection';
