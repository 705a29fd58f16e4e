import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';

// The platform's own tables: which seed sets ran, the install's secrets, the e-mails written for
// the queue elsewhere, and idempotency keys. Each domain keeps its tables in its tables.ts.

/** Which seed sets have been applied: each is inserted once, so admin edits survive restarts. */
export const seedRuns = pgTable('seed_runs', {
  key: text('key').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Keys the server signs with (the contact form's challenges), generated once at first use and the
 * same for every instance that shares the database; never in one instance's data folder.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Promised e-mails waiting to be handed to the job queue. Before the durable job queue (decision
 * 0013) every e-mail was a row here
 * sent by an in-process worker; now they are jobs (platform/mail/queue.ts), and this table is only the
 * way in for e-mails written elsewhere: rows left by the previous version, and the pending e-mails a
 * backup carries (platform/backup.ts). At each start adoptOutbox moves its rows into the queue and
 * empties it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** What the e-mail is for: contact_notification, newsletter_confirmation, password_reset, sign_in_alert. */
    kind: text('kind').notNull(),
    /** The message as platform/mail/mailer.ts sends it (to, subject, text, html, replyTo, headers). */
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    /** The record the e-mail is about (its kind says which), handed to its kind's recordSent. */
    recordId: integer('record_id'),
    /** queued (waiting or being retried), sent, or failed (gave up after the last attempt). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Idempotency keys of creating POSTs: the first answer to a key,
 * kept for 24 hours, committed in the same transaction as what the request created.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** 'admin:<user id>' for a signed-in admin, 'public' otherwise. */
    caller: text('caller').notNull(),
    /** The procedure, e.g. 'contact.send'. */
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's input, to tell a repeat from a different request with the same key. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.operation, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
