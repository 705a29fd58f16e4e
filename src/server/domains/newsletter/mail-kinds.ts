import type { MailKind } from '../../platform/mail/queue';

/** The newsletter's one e-mail through the mail queue: the signup's confirmation (issues go by their own send). */
export const newsletterMailKinds: readonly MailKind[] = [{ kind: 'newsletter_confirmation' }];
