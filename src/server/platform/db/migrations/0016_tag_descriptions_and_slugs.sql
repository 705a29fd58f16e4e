CREATE TABLE "tag_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"tag_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "meta_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_slugs" ADD CONSTRAINT "tag_slugs_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- docs/decisions/0025-category-and-tags.md: a tag's slug drops apostrophes ("Bishop's Stortford" is bishops-stortford, not
-- bishop-s-stortford). Tags named in plain ASCII apart from their apostrophes move to the new slug
-- when it is free (one tag per slug); the old slug is kept in tag_slugs and answers with a 301.
WITH moved AS (
  SELECT DISTINCT ON (new_slug) id, slug AS old_slug, new_slug FROM (
    SELECT id, slug, trim(both '-' from regexp_replace(replace(regexp_replace(lower(name), '[''‘’ʼ]', '', 'g'), '&', ' and '), '[^a-z0-9]+', '-', 'g')) AS new_slug
    FROM "tags" WHERE name ~ '[''‘’ʼ]' AND name ~ '^[ -~‘’ʼ]*$'
  ) c
  WHERE new_slug <> '' AND new_slug !~ '^[0-9]+$' AND new_slug <> slug
    AND NOT EXISTS (SELECT 1 FROM "tags" t WHERE t.slug = c.new_slug)
    AND NOT EXISTS (SELECT 1 FROM "tag_slugs" s WHERE s.slug = c.new_slug)
  ORDER BY new_slug, id
), renamed AS (
  UPDATE "tags" t SET slug = moved.new_slug FROM moved WHERE t.id = moved.id RETURNING t.id
)
INSERT INTO "tag_slugs" (slug, tag_id) SELECT old_slug, id FROM moved;
