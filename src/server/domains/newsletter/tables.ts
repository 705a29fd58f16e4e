import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import type { IssueStatus, RecipientStatus } from '../../../shared/newsletter-issues';

// Subscribers, issues, each subscriber's copy of an issue, and the sending pace.

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    newsletter: text('newsletter').notNull().default('general'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 (hex) of the confirmation token sent by e-mail. */
    confirmTokenHash: text('confirm_token_hash'),
    /** SHA-256 (hex) of the unsubscribe token sent in every e-mail. */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    /** When a mail server refused the address for good (5xx): left out of every later send. */
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_idx').on(t.email, t.newsletter),
    index('newsletter_subscriptions_created_id_idx').on(t.createdAt, t.id),
  ],
);

/** A newsletter issue: composed in the admin, sent to the confirmed subscribers, then archived. */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    preheader: text('preheader').notNull().default(''),
    bodyHtml: text('body_html').notNull(),
    /** The post it was made from (no foreign key: the post may go, the issue stays as sent). */
    postId: integer('post_id'),
    /** draft | scheduled | sending | paused | sent | cancelled (src/shared/newsletter-issues.ts). */
    status: text('status').$type<IssueStatus>().notNull().default('draft'),
    /** The archive's /newsletter/<slug>, given when the send starts. */
    slug: text('slug'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The recipients' snapshot: the last subscriber id copied, and whether the copy is complete. */
    snapshotAfterId: integer('snapshot_after_id').notNull().default(0),
    snapshotDone: boolean('snapshot_done').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_issues_slug_idx').on(t.slug),
    index('newsletter_issues_status_idx').on(t.status, t.sentAt),
  ],
);

/** One subscriber's copy of one issue (decision 0018): what makes a send exactly once per subscriber. */
export const newsletterRecipients = pgTable(
  'newsletter_recipients',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    /** Null once the subscriber is erased or unsubscribes: nothing more goes to them. */
    subscriberId: integer('subscriber_id').references(() => newsletterSubscriptions.id, {
      onDelete: 'set null',
    }),
    /** Emptied when the subscriber leaves (no address is kept after an erasure). */
    email: text('email').notNull(),
    /** queued | sending | sent | failed | bounced | skipped. */
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** A queued copy waits until then after a temporary refusal (4xx). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** A 'sending' claim: who holds it and until when (another instance takes it over after). */
    claimToken: text('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** A claim that ran out with its outcome unknown (the sender died mid-delivery): resent once. */
    uncertain: boolean('uncertain').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('newsletter_recipients_issue_subscriber_idx').on(t.issueId, t.subscriberId),
    index('newsletter_recipients_issue_status_idx').on(t.issueId, t.status, t.id),
    index('newsletter_recipients_issue_id_idx').on(t.issueId, t.id),
    index('newsletter_recipients_subscriber_idx').on(t.subscriberId),
  ],
);

/**
 * The sending pace, shared by every instance through the database: a token bucket (tokens refill
 * at the configured rate times `factor`; a rate-limit answer halves the factor and empties the
 * bucket, and each delivered batch restores some of it).
 */
export const newsletterPace = pgTable('newsletter_pace', {
  id: text('id').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  factor: doublePrecision('factor').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
