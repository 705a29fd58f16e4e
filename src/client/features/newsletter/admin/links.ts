import { ROUTES } from '../../../../shared/routes';

// Where the admin opens an issue from elsewhere (the blog's 'Send as newsletter'). Kept apart from
// the section's code, so a button that links here carries none of it.

/** The admin section that holds the issues (the shell's list of sections). */
export const NEWSLETTER_SECTION = 'newsletter';

/** The query parameter that opens an issue in that section. */
export const ISSUE_PARAM = 'issue';

/** /admin?section=newsletter&issue=12 */
export function adminIssueHref(id: number): string {
  return `${ROUTES.admin}?section=${NEWSLETTER_SECTION}&${ISSUE_PARAM}=${id}`;
}
