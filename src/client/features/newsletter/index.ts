export { NewsletterLinkNotice } from './NewsletterLinkNotice';
export { NewsletterSignupSection } from './NewsletterSignupSection';
// For the blog admin's post rows: it imports nothing heavy, so the public pages that use this index
// carry none of the admin's code.
export { SendPostButton } from './admin/SendPostButton';
