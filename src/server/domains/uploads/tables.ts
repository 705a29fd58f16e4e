import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns';
import { users } from '../auth/tables';

// Upload links and the files uploaded through them.

/** A signed, single-use permission to PUT one file; the id is the last segment of the uploadURL. */
export const uploadTickets = pgTable('upload_tickets', {
  id: text('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const uploads = pgTable('uploads', {
  /** The object name served at /objects/uploads/<name>. */
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
