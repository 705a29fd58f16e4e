CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "blog_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"social_image_url" text,
	"social_description" text DEFAULT '' NOT NULL,
	"canonical_url" text,
	"no_index" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_id_pk" PRIMARY KEY("post_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "meta_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "social_image_url" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "social_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "no_index" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "content_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "tags_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', tags_text), 'B') || setweight(to_tsvector('english', excerpt), 'B') || setweight(to_tsvector('english', content_text), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "rank_search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', tags_text), 'B') || setweight(to_tsvector('english', excerpt), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_slugs" ADD CONSTRAINT "post_slugs_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_search_words_trgm_idx" ON "blog_search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "post_revisions_post_idx" ON "post_revisions" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_idx" ON "post_tags" USING btree ("tag_id","post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_idx" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_idx" ON "tags" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing posts: a slug from the title as src/shared/blog-publishing.ts slugify makes it (accents
-- aside), the id added where two titles give the same one; published posts stay published.
UPDATE "blog_posts" SET "slug" = s.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY id) = 1 THEN base ELSE base || '-' || id END AS slug
  FROM (
    SELECT id, CASE WHEN b = '' THEN 'post' WHEN b ~ '^[0-9]+$' THEN 'post-' || b ELSE b END AS base
    FROM (SELECT id, trim(both '-' from left(trim(both '-' from regexp_replace(replace(lower(title), '&', ' and '), '[^a-z0-9]+', '-', 'g')), 120)) AS b FROM "blog_posts") raw
  ) based
) s WHERE "blog_posts".id = s.id;--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
UPDATE "blog_posts" SET "status" = 'published' WHERE "published_at" IS NOT NULL;--> statement-breakpoint
UPDATE "blog_posts" SET "content_text" = trim(regexp_replace(regexp_replace("content", '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')), "tags_text" = "category";--> statement-breakpoint
-- Each category becomes a tag (one per name, ignoring case) and the post's first tag.
INSERT INTO "tags" ("name", "slug")
  SELECT name, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY name) = 1 THEN base ELSE base || '-' || row_number() OVER (PARTITION BY base ORDER BY name) END
  FROM (
    SELECT name, CASE WHEN b = '' THEN 'tag' WHEN b ~ '^[0-9]+$' THEN 'tag-' || b ELSE b END AS base
    FROM (
      SELECT min(trim(category)) AS name, trim(both '-' from regexp_replace(replace(lower(min(trim(category))), '&', ' and '), '[^a-z0-9]+', '-', 'g')) AS b
      FROM "blog_posts" WHERE trim(category) <> '' GROUP BY lower(trim(category))
    ) c
  ) t;--> statement-breakpoint
INSERT INTO "post_tags" ("post_id", "tag_id", "position")
  SELECT p.id, t.id, 0 FROM "blog_posts" p JOIN "tags" t ON lower(t.name) = lower(trim(p.category));--> statement-breakpoint
INSERT INTO "blog_search_words" ("word")
  SELECT word FROM ts_stat('SELECT to_tsvector(''simple'', title || '' '' || tags_text || '' '' || excerpt || '' '' || content_text) FROM blog_posts')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_idx" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "slug" SET DEFAULT 'post-' || replace(gen_random_uuid()::text, '-', '');
