import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tsvector, createdAt, updatedAt } from '../../platform/db/columns';
import type { Database } from '../../platform/db/client';
import { users } from '../auth/tables';
import type { ReviewState, ReviewStep } from '../../../shared/blog-publishing';

// Posts, their earlier slugs, tags, revisions, and the words search corrects towards.

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
     * for a draft, so visitors' queries need only `published_at <= now()` (see domains/blog).
     */
    status: text('status').notNull().default('draft'),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    socialImageUrl: text('social_image_url'),
    socialDescription: text('social_description').notNull().default(''),
    canonicalUrl: text('canonical_url'),
    noIndex: boolean('no_index').notNull().default(false),
    /** Editorial review: submitted (waiting for an editor) or returned (with a note); null otherwise. */
    review: text('review').$type<ReviewState>(),
    /** The editor's note when they returned it. */
    reviewNote: text('review_note'),
    /** Goes up by one at every save: an update naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The content as plain text (tags stripped on save): what search matches and quotes. */
    contentText: text('content_text').notNull().default(''),
    /** The post's category and tag names joined by spaces, rewritten on save and on tag changes, for search. */
    tagsText: text('tags_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', tags_text), 'B') || setweight(to_tsvector('english', excerpt), 'B') || setweight(to_tsvector('english', content_text), 'C')`,
    ),
    /**
     * What search ranks by: the title, tags and excerpt only. Small and stored in the row, where the
     * whole text's vector would cost the square of each word's repeats to rank (domains/blog).
     */
    rankSearch: tsvector('rank_search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', tags_text), 'B') || setweight(to_tsvector('english', excerpt), 'C')`,
    ),
  },
  // What paging, filters and search read.
  (t) => [
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_search_idx').using('gin', t.search).with({ fastupdate: false }),
    // The posts that name a searched word in their title, tags or excerpt: the only ones search ranks
    // above the rest (domains/blog/search.ts), found without reading the others.
    index('blog_posts_rank_search_idx').using('gin', t.rankSearch).with({ fastupdate: false }),
    // Visitors' pages, newest first: ORDER BY published_at DESC, id DESC walks this backwards.
    index('blog_posts_published_idx').on(t.publishedAt, t.id),
    // A category's pages, and the list of categories.
    index('blog_posts_category_idx').on(t.category, t.publishedAt, t.id),
    // An author's page (and a writer's own list), newest first.
    index('blog_posts_author_idx').on(t.authorId, t.publishedAt, t.id),
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
    /** Shown on the tag's page under its name, and its meta description when that is empty. */
    description: text('description').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
  },
  (t) => [
    uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('tags_slug_idx').on(t.slug),
  ],
);

/** A tag's earlier slugs (a rename, a merge, a change of the slug rules): /blog/tag/<old> answers 301. */
export const tagSlugs = pgTable('tag_slugs', {
  slug: text('slug').primaryKey(),
  tagId: integer('tag_id')
    .notNull()
    .references(() => tags.id, { onDelete: 'cascade' }),
});

/** A post's tags in order (the category is the post's own column, not a tag). */
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

/**
 * A post's authors after its first (blog_posts.author_id, whose post it is to edit): the byline
 * names them in position order after the first (authors.ts).
 */
export const postCoauthors = pgTable(
  'post_coauthors',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_coauthors_user_idx').on(t.userId, t.postId),
  ],
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
    /** A step of editorial review this save was: submitted, returned or approved; null for a plain save. */
    step: text('step').$type<ReviewStep>(),
    /** The note that came with it (a return's). */
    note: text('note'),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.createdAt, t.id)],
);

/**
 * Every word of the published posts, with how many use it, for correcting a misspelt search word by
 * trigram similarity (domains/blog/search-words.ts keeps it).
 */
export const blogSearchWords = pgTable(
  'blog_search_words',
  {
    word: text('word').primaryKey(),
    posts: integer('posts').notNull().default(0),
    /** Of those posts, how many name the word in their title, tags or excerpt (what search ranks by). */
    named: integer('named').notNull().default(0),
  },
  (t) => [
    // GIN: a misspelling reads only the words that share enough of its trigrams. (A GiST index's
    // nearest-first walk read all of itself for every correction: its pages' signatures held nearly
    // every trigram, so none could be passed over.)
    index('blog_search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** A stored post, as its functions pass it between them. */
export type PostRow = typeof blogPosts.$inferSelect;
/** A transaction, for the steps that run inside a caller's. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction in it: a read that runs either way. */
export type Db = Database | Tx;
