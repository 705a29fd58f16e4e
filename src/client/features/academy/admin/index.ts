export { AcademySubscriptionsSection } from './AcademySubscriptionsSection';
