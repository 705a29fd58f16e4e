// The newsletter's admin sections, for the admin shell (pages/admin) only; SendPostButton is the
// blog list's 'Send as newsletter' and usePostEmailer the editor's publish and e-mail, which the
// shell hands to the blog's section.
export { IssuesSection } from './IssuesSection';
export { SubscribersSection } from './SubscribersSection';
export { NEWSLETTER_SECTION } from './links';
export { SendPostButton } from './SendPostButton';
export { usePostEmailer } from './use-post-emailer';
