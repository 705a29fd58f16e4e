import { boolean, customType, timestamp } from 'drizzle-orm/pg-core';

// The columns many tables share (every table's own file is its domain's tables.ts). Every timestamp
// is timestamptz.
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Shown to visitors, or hidden by an admin (kept, but left out of every public answer). */
export const visible = () => boolean('visible').notNull().default(true);
