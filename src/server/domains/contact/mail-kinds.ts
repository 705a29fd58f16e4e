import { eq } from 'drizzle-orm';
import type { MailKind } from '../../platform/mail/queue';
import { contactMessages } from './tables';

/**
 * The owner's notification of an enquiry: the enquiry records when it went and after how many
 * attempts, and the job that carries it (the inbox reads both).
 */
export const contactMailKinds: readonly MailKind[] = [
  {
    kind: 'contact_notification',
    async recordSent(db, enquiryId, sent) {
      await db
        .update(contactMessages)
        .set({ notificationSentAt: sent.at, notificationAttempts: sent.attempts })
        .where(eq(contactMessages.id, enquiryId));
    },
    async recordQueued(db, enquiryId, jobId) {
      await db
        .update(contactMessages)
        .set({ notificationJobId: jobId })
        .where(eq(contactMessages.id, enquiryId));
    },
  },
];
