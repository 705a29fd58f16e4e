import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// pg-boss's job table (platform/jobs/queue.ts), declared for reading only: the inbox shows a
// notification's state from it and the admin lists failed jobs. pg-boss creates and migrates it
// (schema `pgboss`, version pinned in package.json), so it is in no tables.ts of drizzle.config.ts and
// drizzle-kit never makes a migration for it. Only the columns we read or write are here.
export const jobSchema = pgSchema('pgboss');

export const jobs = jobSchema.table('job', {
  id: uuid('id').notNull(),
  /** The queue. */
  name: text('name').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>(),
  /** created, retry, active, completed, cancelled or failed (an enum in pg-boss's schema). */
  state: text('state').notNull(),
  retryLimit: integer('retry_limit').notNull(),
  retryCount: integer('retry_count').notNull(),
  startAfter: timestamp('start_after', { withTimezone: true }).notNull(),
  startedOn: timestamp('started_on', { withTimezone: true }),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  completedOn: timestamp('completed_on', { withTimezone: true }),
  /** The error of the last failed attempt: { message }. */
  output: jsonb('output').$type<{ message?: string }>(),
});
