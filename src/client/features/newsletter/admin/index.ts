export { SubscribersSection } from './SubscribersSection';
export { IssuesSection } from './IssuesSection';
export { NEWSLETTER_SECTION } from './links';
export { SendPostButton } from './SendPostButton';
