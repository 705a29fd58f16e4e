import { ISSUE_STATUS_LABELS, type IssueStatus } from '../../../../shared/newsletter-issues';
import * as styles from './Issues.css';

// How an issue's state reads in the admin: its word (shared with the server) and the colour of its pill.

const ISSUE_PILLS: Record<IssueStatus, keyof typeof styles.pill> = {
  draft: 'quiet',
  scheduled: 'waiting',
  sending: 'busy',
  paused: 'waiting',
  sent: 'done',
  cancelled: 'quiet',
};

export function IssueStatusPill({ status }: { status: IssueStatus }) {
  return (
    <span className={styles.pill[ISSUE_PILLS[status]]} data-testid="issue-status">
      {ISSUE_STATUS_LABELS[status]}
    </span>
  );
}

/** Whether the issue has a send to watch: begun, paused or finished. */
export function hasSend(status: IssueStatus): boolean {
  return status === 'sending' || status === 'paused' || status === 'sent';
}
