import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';
import type { StaffRole } from '../../../shared/staff';

// Who changed what, and who signed in.

/**
 * Who changed what in the admin, and every sign-in, success or failure: kept a year
 * (domains/activity/log.ts pruneActivityLog). The actor's name and e-mail are copied in, so the entry
 * still says who it was after the admin is removed.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** change, sign_in or sign_in_failed. */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'Ada Admin <ada@example.co.uk>', or the address a failed sign-in tried. */
    actor: text('actor').notNull(),
    /** Their role when they did it (null for a failed sign-in and entries from before roles). */
    role: text('role').$type<StaffRole>(),
    /** The operation: a procedure's path ('siteContent.services.update') or 'auth.login'. */
    action: text('action').notNull(),
    /** What happened, in words: 'PATCH /api/admin/advertising-services/3: Changes an advertising service'. */
    summary: text('summary').notNull(),
    /** What it was done to, e.g. 'advertising service 3'. */
    target: text('target'),
    /** A short before/after of the fields an edit changed, or the input of another change (secrets hidden). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    // The admin's list, newest first, whole or by kind; and the yearly pruning.
    index('activity_log_at_idx').on(t.at, t.id),
    index('activity_log_kind_idx').on(t.kind, t.at, t.id),
    // One person's entries, newest first.
    index('activity_log_user_idx').on(t.userId, t.at, t.id),
  ],
);
