import type { MailKind } from '../../platform/mail/queue';
import { sendResetLink } from './password-reset';

/** The auth domain's e-mails: the forgotten-password request (a task), its link, and the sign-in alert. */
export const authMailKinds: readonly MailKind[] = [
  { kind: 'password_reset_request', task: sendResetLink },
  { kind: 'password_reset' },
  { kind: 'sign_in_alert' },
];
