import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Tables mirror the specification, plus what running the business needs (users, sessions, tokens,
// uploads, enquiries, subscriptions). Every timestamp is timestamptz.
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Shown to visitors, or hidden by an admin (kept, but left out of every public answer). */
const visible = () => boolean('visible').notNull().default(true);

/** Which seed sets have been applied: each is inserted once, so admin edits survive restarts. */
export const seedRuns = pgTable('seed_runs', {
  key: text('key').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

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

export const newsletters = pgTable('newsletters', {
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
 * in and out (services/settings.ts): the business details, the podcast feed address.
 */
export const SETTING_KEYS = { business: 'business', podcastFeed: 'podcast-feed' } as const;
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

export const podcastEpisodes = pgTable(
  'podcast_episodes',
  {
    id: serial('id').primaryKey(),
    /** The feed item's guid (or its audio URL when it has none): what makes an import idempotent. */
    guid: text('guid').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    episodeNumber: integer('episode_number'),
    audioUrl: text('audio_url'),
    imageUrl: text('image_url'),
    spotifyUrl: text('spotify_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Hidden by an admin: an import updates the episode but never shows it again. */
    visible: visible(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('podcast_episodes_guid_idx').on(t.guid),
    // The list's order (services/podcasts.ts listEpisodes), newest first, and its search.
    index('podcast_episodes_order_idx').on(
      t.publishedAt.desc().nullsLast(),
      t.episodeNumber.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('podcast_episodes_title_trgm_idx')
      .using('gin', t.title.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('podcast_episodes_description_trgm_idx')
      .using('gin', t.description.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: bytea('secret_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitised HTML: sanitised on the way in, never trusted on the way out. */
    content: text('content').notNull(),
    category: text('category').notNull().default(''),
    imageUrl: text('image_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The post's address word: /blog/<slug>. Earlier ones are in post_slugs (they answer 301). */
    slug: text('slug')
      .notNull()
      // A row written without one (raw SQL, seeds) still gets a unique placeholder.
      .default(sql`'post-' || replace(gen_random_uuid()::text, '-', '')`),
    /**
     * draft, scheduled or published. published_at is the go-out time of a scheduled post and null
     * for a draft, so visitors' queries need only `published_at <= now()` (see services/blog).
     */
    status: text('status').notNull().default('draft'),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    socialImageUrl: text('social_image_url'),
    socialDescription: text('social_description').notNull().default(''),
    canonicalUrl: text('canonical_url'),
    noIndex: boolean('no_index').notNull().default(false),
    /** Goes up by one at every save: an update naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The content as plain text (tags stripped on save): what search matches and quotes. */
    contentText: text('content_text').notNull().default(''),
    /** The post's tag names joined by spaces, rewritten on save and on tag changes, for search. */
    tagsText: text('tags_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', tags_text), 'B') || setweight(to_tsvector('english', excerpt), 'B') || setweight(to_tsvector('english', content_text), 'C')`,
    ),
    /**
     * What search ranks by: the title, tags and excerpt only. Small and stored in the row, where the
     * whole text's vector would cost the square of each word's repeats to rank (services/blog).
     */
    rankSearch: tsvector('rank_search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', tags_text), 'B') || setweight(to_tsvector('english', excerpt), 'C')`,
    ),
  },
  // What paging, filters and search read.
  (t) => [
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_search_idx').using('gin', t.search).with({ fastupdate: false }),
    // Visitors' pages, newest first: ORDER BY published_at DESC, id DESC walks this backwards.
    index('blog_posts_published_idx').on(t.publishedAt, t.id),
    // A category's pages, and the list of categories.
    index('blog_posts_category_idx').on(t.category, t.publishedAt, t.id),
    // The admin's list, newest first.
    index('blog_posts_created_idx').on(t.createdAt, t.id),
    // The admin's search, ILIKE '%words%' in title, excerpt and category. fastupdate off: a new row
    // goes into the index at once instead of a pending list that only VACUUM merges (PGlite runs no
    // autovacuum), which the planner rightly counts against the index (a sequential scan won).
    index('blog_posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('blog_posts_excerpt_trgm_idx')
      .using('gin', t.excerpt.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('blog_posts_category_trgm_idx')
      .using('gin', t.category.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/** A post's earlier slugs: /blog/<old slug> answers 301 to the post's address. */
export const postSlugs = pgTable('post_slugs', {
  slug: text('slug').primaryKey(),
  postId: integer('post_id')
    .notNull()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
});

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [
    uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('tags_slug_idx').on(t.slug),
  ],
);

/** A post's tags in order: the first one is what `category` answers in the REST contract. */
export const postTags = pgTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('post_tags_tag_idx').on(t.tagId, t.postId)],
);

/** A saved state of a post (docs/decisions: post revisions, for how many are kept). */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull(),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    socialImageUrl: text('social_image_url'),
    socialDescription: text('social_description').notNull().default(''),
    canonicalUrl: text('canonical_url'),
    noIndex: boolean('no_index').notNull().default(false),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.createdAt, t.id)],
);

/**
 * Every word of the published posts, with how many use it, for correcting a misspelt search word by
 * trigram similarity (services/blog/search-words.ts keeps it).
 */
export const blogSearchWords = pgTable(
  'blog_search_words',
  { word: text('word').primaryKey(), posts: integer('posts').notNull().default(0) },
  (t) => [
    // GiST, not GIN: it walks the words nearest a misspelling first, so a correction reads a few.
    index('blog_search_words_nearest_idx').using('gist', t.word.op('gist_trgm_ops')),
  ],
);

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
     * The business's notification e-mail about this enquiry: its job in the queue (services/outbox.ts;
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
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_type_idx').on(t.type, t.createdAt),
    index('contact_messages_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The free taster workshop's dated sessions. places_taken counts the confirmed
 * reservations and is the one place capacity is enforced: a reservation takes a place with a
 * conditional update of this row (services/workshop-reservations.ts), and the check below stops any
 * write that would pass capacity, whatever the code does.
 */
export const workshopSessions = pgTable(
  'workshop_sessions',
  {
    id: serial('id').primaryKey(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** video_call or in_person. */
    delivery: text('delivery').notNull(),
    /** Where an in-person session is held. */
    venue: text('venue'),
    /** The video call's link, e-mailed only to booked families. */
    joinLink: text('join_link'),
    capacity: integer('capacity').notNull().default(15),
    placesTaken: integer('places_taken').notNull().default(0),
    /** Set when the admin cancels the session: it is no longer offered. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('workshop_sessions_starts_idx').on(t.startsAt),
    check('workshop_sessions_places_check', sql`${t.placesTaken} >= 0 and ${t.placesTaken} <= ${t.capacity}`),
    check('workshop_sessions_capacity_check', sql`${t.capacity} > 0`),
    check('workshop_sessions_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'workshop_sessions_delivery_check',
      sql`${t.delivery} = 'video_call' or (${t.delivery} = 'in_person' and ${t.venue} is not null)`,
    ),
  ],
);

/**
 * A family's reservation: a place in a session (confirmed), a place on its waiting list (waiting),
 * interest in the next date when none is set (interest, no session), or cancelled. Each is also a
 * contact message (contact_message_id), so the inbox and the business's e-mail show it as before.
 */
export const workshopReservations = pgTable(
  'workshop_reservations',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').references(() => workshopSessions.id, { onDelete: 'restrict' }),
    contactMessageId: integer('contact_message_id').references(() => contactMessages.id, {
      onDelete: 'set null',
    }),
    status: text('status').notNull(),
    parentName: text('parent_name').notNull(),
    /** Stored lower-cased and trimmed. */
    parentEmail: text('parent_email').notNull(),
    parentMobile: text('parent_mobile'),
    childName: text('child_name'),
    childAge: integer('child_age'),
    deviceType: text('device_type'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A session's reservations by status in the order they came: the lists, and the waiting list's first.
    index('workshop_reservations_session_idx').on(t.sessionId, t.status, t.createdAt, t.id),
    index('workshop_reservations_status_idx').on(t.status, t.createdAt),
    // One place (or waiting-list place) per child per session: a second form sent is refused.
    uniqueIndex('workshop_reservations_child_idx')
      .on(t.sessionId, t.parentEmail, sql`lower(${t.childName})`)
      .where(sql`${t.status} in ('confirmed', 'waiting')`),
    check(
      'workshop_reservations_status_check',
      sql`(${t.status} in ('confirmed', 'waiting') and ${t.sessionId} is not null)
        or (${t.status} = 'interest' and ${t.sessionId} is null) or ${t.status} = 'cancelled'`,
    ),
  ],
);

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
    index('newsletter_subscriptions_created_idx').on(t.createdAt),
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
    status: text('status').notNull().default('draft'),
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
    status: text('status').notNull().default('queued'),
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

export const academySubscriptions = pgTable(
  'academy_subscriptions',
  {
    id: serial('id').primaryKey(),
    checkoutSessionId: text('checkout_session_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeCustomerId: text('stripe_customer_id'),
    customerEmail: text('customer_email'),
    /** Who the plan is for, from Checkout's custom fields and phone collection. */
    parentPhone: text('parent_phone'),
    childFirstName: text('child_first_name'),
    childAge: integer('child_age'),
    plan: text('plan').notNull(),
    /** Stripe's subscription status: active, past_due, canceled, incomplete... */
    status: text('status').notNull(),
    /** When the paid month ends: the next renewal, or the last day when it is cancelled at period end. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When cancelling was asked for (Stripe's canceled_at), and when the subscription ended. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The latest failed and successful payments (invoice events' times). Kept apart rather than as
     * one flag, so the two events mean the same whatever order Stripe delivers them in: the
     * payment is overdue while the failure is the later of the two.
     */
    lastPaymentFailedAt: timestamp('last_payment_failed_at', { withTimezone: true }),
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The time of the last Stripe event applied to the status (an older one arriving late is not). */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('academy_subscriptions_checkout_idx').on(t.checkoutSessionId),
    uniqueIndex('academy_subscriptions_subscription_idx').on(t.stripeSubscriptionId),
    index('academy_subscriptions_created_idx').on(t.createdAt),
    index('academy_subscriptions_customer_idx').on(t.stripeCustomerId),
  ],
);

/**
 * The e-mailed 'Manage your subscription' links (services/manage-links.ts): each is signed, bound
 * to one Stripe customer, expires, and works once. Its use is recorded here, in the database, so
 * "once" holds across restarts and instances.
 */
export const subscriptionManageLinks = pgTable(
  'subscription_manage_links',
  {
    id: text('id').primaryKey(),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_manage_links_expires_idx').on(t.expiresAt)],
);

/** Webhook events already handled: the same event delivered twice changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
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

/** Contact-form challenges already answered, until they would have expired: each works once. */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires_at_idx').on(t.expiresAt)],
);

/**
 * Promised e-mails waiting to be handed to the job queue. Before the durable job queue (decision
 * 0013) every e-mail was a row here
 * sent by an in-process worker; now they are jobs (services/outbox.ts), and this table is only the
 * way in for e-mails written elsewhere: rows left by the previous version, and the pending e-mails a
 * backup carries (services/backup.ts). At each start adoptOutbox moves its rows into the queue and
 * empties it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** What the e-mail is for: contact_notification, newsletter_confirmation, password_reset, sign_in_alert. */
    kind: text('kind').notNull(),
    /** The message as services/mail.ts sends it (to, subject, text, html, replyTo, headers). */
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    /** The enquiry a contact notification is about, so the inbox can show whether it went. */
    contactMessageId: integer('contact_message_id').references(() => contactMessages.id, {
      onDelete: 'cascade',
    }),
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
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_contact_message_idx').on(t.contactMessageId),
  ],
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

/**
 * Who changed what in the admin, and every sign-in, success or failure: kept a year
 * (services/activity.ts pruneActivityLog). The actor's name and e-mail are copied in, so the entry
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
  ],
);

/**
 * Web analytics (docs/decisions/0016-analytics-without-cookies.md). One row per counted page view,
 * kept 30 days: the visitor is a hash of address and browser under a salt that lives one day, so
 * the same person is recognised within a day only; no address, cookie or identifier is stored.
 */
export const analyticsPageViews = pgTable(
  'analytics_page_views',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The UTC day of `at`, the unit of visitors and of the roll-up. */
    day: date('day', { mode: 'string' }).notNull(),
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
    path: text('path').notNull(),
    /** Where the visit came from ('Google', 'Newsletter', 'example.com', 'Direct'); null for a view reached inside the site. */
    source: text('source'),
    campaign: text('campaign'),
    country: text('country'),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
  },
  (t) => [
    index('analytics_page_views_day_idx').on(t.day, t.visitor),
    index('analytics_page_views_at_idx').on(t.at),
  ],
);

/**
 * Daily roll-up of the page views, kept two years: per day and dimension ('total', 'page', 'source',
 * 'campaign', 'country', 'device', 'browser') and value, its visitors (distinct that day) and views.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    visitors: integer('visitors').notNull(),
    pageViews: integer('page_views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.value] })],
);

/** A newsletter signup, enquiry, workshop reservation or plan checkout, with the source and page of its visit; kept two years. */
export const analyticsConversions = pgTable(
  'analytics_conversions',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    path: text('path').notNull(),
  },
  (t) => [index('analytics_conversions_day_idx').on(t.day)],
);

/** The day's salt for visitor hashes, shared by every instance; yesterday's is deleted (never kept). */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
