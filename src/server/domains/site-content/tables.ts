import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, visible } from '../../platform/db/columns';

// The site's editable content: services, publications, testimonials, partners and settings.

export const advertisingServices = pgTable('advertising_services', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  features: jsonb('features')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  icon: text('icon').notNull().default('Mail'),
  isPopular: boolean('is_popular').notNull().default(false),
  /** The position in the list (the admin's up and down buttons swap it with a neighbour's). */
  sortOrder: integer('sort_order').notNull().default(0),
  visible: visible(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The community publications (their table keeps its first name, `newsletters`, as do their REST paths). */
export const publications = pgTable('newsletters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  location: text('location').notNull(),
  /** The newsletter platform's subscribe page; null means the home page's own signup form. */
  subscribeUrl: text('subscribe_url'),
  sortOrder: integer('sort_order').notNull().default(0),
  visible: visible(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location').notNull(),
  content: text('content').notNull(),
  imageUrl: text('image_url'),
  sortOrder: integer('sort_order').notNull().default(0),
  visible: visible(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The partner organisations whose logos the home page shows (the first eight visible ones). */
export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** An uploaded image or a file of the site (/images/partners/...). */
  logoUrl: text('logo_url').notNull(),
  /** The organisation's website, when the logo should link to it. */
  linkUrl: text('link_url'),
  sortOrder: integer('sort_order').notNull().default(0),
  visible: visible(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Settings an admin changes, one row per key with a JSON value checked by its Zod schema on the way
 * in and out (domains/site-content/settings.ts): the business details, the podcast feed address.
 */
export const SETTING_KEYS = { business: 'business', podcastFeed: 'podcast-feed' } as const;

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});
