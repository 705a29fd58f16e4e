// What pages use of the e-mail newsletter: the home page's notice and signup, and the archive's
// addresses and styles.
import * as archiveStyles from './Archive.css';

export { NewsletterLinkNotice } from './NewsletterLinkNotice';
export { NewsletterSignupSection } from './NewsletterSignupSection';
export { archivePageHref, issueHref, parseArchiveSearch } from './archive';
export { archiveStyles };
