import type { MailKind } from '../../platform/mail/queue';

/** The academy's paid journey: the parent's welcome, payment and manage-link e-mails, and the owner's notice. */
export const academyMailKinds: readonly MailKind[] = [
  { kind: 'academy_welcome' },
  { kind: 'academy_subscription_notification' },
  { kind: 'academy_payment_failed' },
  { kind: 'academy_manage_link' },
];
