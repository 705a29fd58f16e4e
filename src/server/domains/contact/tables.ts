import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';

// Enquiries (workshop reservations among them) and the contact form's answered challenges.

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** One of the service types, or 'workshop_reservation'. */
    type: text('type').notNull(),
    /** new, replied or archived. */
    status: text('status').notNull().default('new'),
    /** Structured fields of a workshop reservation (child's age, device...). */
    details: jsonb('details').$type<Record<string, string | number>>(),
    /**
     * The business's notification e-mail about this enquiry: its job in the queue (platform/mail/queue.ts;
     * the inbox reads the job's state while it waits or after it failed), and once it went, when and
     * after how many attempts (kept here for good: done jobs leave the queue within a day).
     */
    notificationJobId: uuid('notification_job_id'),
    notificationSentAt: timestamp('notification_sent_at', { withTimezone: true }),
    notificationAttempts: integer('notification_attempts'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contact_messages_created_id_idx').on(t.createdAt, t.id),
    index('contact_messages_type_created_id_idx').on(t.type, t.createdAt, t.id),
    index('contact_messages_status_created_id_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** Contact-form challenges already answered, until they would have expired: each works once. */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires_at_idx').on(t.expiresAt)],
);
