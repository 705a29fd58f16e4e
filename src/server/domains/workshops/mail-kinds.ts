import type { MailKind } from '../../platform/mail/queue';
import type { WorkshopMailKind } from './mail';
import { sendReminderIfDue } from './reservations';

const FAMILY_MAIL: readonly WorkshopMailKind[] = [
  'workshop_confirmation',
  'workshop_waiting_list',
  'workshop_cancellation',
  'workshop_reminder',
];

/**
 * The workshops' e-mails: the family's about its reservation, and the reminder's task, run at its
 * time, which writes the reminder only if the reservation still stands.
 */
export const workshopMailKinds: readonly MailKind[] = [
  ...FAMILY_MAIL.map((kind) => ({ kind })),
  { kind: 'workshop_reminder_due', task: sendReminderIfDue },
];
