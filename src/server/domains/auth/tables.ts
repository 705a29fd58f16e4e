import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../shared/staff';
import { bytea, createdAt, updatedAt } from '../../platform/db/columns';

// The staff (admins of every role), their sessions and password reset tokens.

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** What they may do (src/shared/staff.ts); one owner at most. */
    role: text('role').$type<StaffRole>().notNull().default('administrator'),
    /**
     * Their public address word: /author/<slug>, once a post of theirs is out. Made from the name
     * when they join (staff.ts), and theirs to change; a row written without one still gets a
     * unique placeholder.
     */
    slug: text('slug')
      .notNull()
      .default(sql`'staff-' || replace(gen_random_uuid()::text, '-', '')`),
    /** A short bio for their author page, plain text. */
    bio: text('bio').notNull().default(''),
    /** Their photo (an uploaded image's address) for their author page and bylines. */
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_slug_idx').on(t.slug),
    uniqueIndex('users_one_owner_idx')
      .on(t.role)
      .where(sql`${t.role} = 'owner'`),
    check(
      'users_role_check',
      sql`${t.role} in ('owner', 'administrator', 'editor', 'sales', 'author', 'contributor')`,
    ),
  ],
);

/**
 * A person's earlier author addresses (/author/<slug> before they changed it): each answers with a
 * move to their address now, so links and feeds that readers kept go on working.
 */
export const staffSlugs = pgTable(
  'staff_slugs',
  {
    slug: text('slug').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('staff_slugs_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: bytea('secret_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A narrower role than the user's for this token (an integration's); null: the user's own. */
    role: text('role').$type<StaffRole>(),
    createdAt: createdAt(),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the token, hex: the token itself is only ever in the e-mail. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * An invitation to join the staff with a role: a single-use link by e-mail, valid for a week, that
 * can be revoked; the invited person chooses their own name and password.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the link's token, hex: the token itself is only ever in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who invited them, kept after that person leaves. */
    invitedByName: text('invited_by_name').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_idx').on(t.tokenHash),
    // The Staff screen's list, newest first.
    index('staff_invitations_created_idx').on(t.createdAt, t.id),
  ],
);
