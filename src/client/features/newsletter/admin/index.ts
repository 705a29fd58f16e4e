export { SubscribersSection } from './SubscribersSection';
