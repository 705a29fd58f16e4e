// The newsletter's admin sections, for the admin shell.
export { IssuesSection } from './IssuesSection';
export { NEWSLETTER_SECTION } from './SendPostButton';
