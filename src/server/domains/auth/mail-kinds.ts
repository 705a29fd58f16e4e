import type { MailKind } from '../../platform/mail/queue';
import { sendResetLink } from './password-reset';

/**
 * The auth domain's e-mails: the forgotten-password request (a task), its link, the sign-in alert,
 * and an invitation to the staff.
 */
export const authMailKinds: readonly MailKind[] = [
  { kind: 'password_reset_request', task: sendResetLink },
  { kind: 'password_reset' },
  { kind: 'sign_in_alert' },
  { kind: 'staff_invitation' },
];
