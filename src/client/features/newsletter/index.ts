export { NewsletterLinkNotice } from './NewsletterLinkNotice';
export { NewsletterSignupSection } from './NewsletterSignupSection';
