CREATE TABLE "post_coauthors" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_coauthors_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "slug" text DEFAULT 'staff-' || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "post_coauthors" ADD CONSTRAINT "post_coauthors_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_coauthors" ADD CONSTRAINT "post_coauthors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_coauthors_user_idx" ON "post_coauthors" USING btree ("user_id","post_id");--> statement-breakpoint
-- Each person's author address from their name (staff.ts makes it so from now on), the id added where two names make the same one.
UPDATE "users" u SET "slug" = f.slug FROM (
  SELECT id, CASE WHEN count(*) OVER (PARTITION BY base) > 1 OR base = '' THEN concat_ws('-', nullif(base, ''), id::text) ELSE base END AS slug
  FROM (SELECT id, trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')) AS base FROM "users") b
) f WHERE u.id = f.id;--> statement-breakpoint
-- Posts that name no author (written before authors were kept, or by someone since removed) are the owner's.
UPDATE "blog_posts" SET "author_id" = (SELECT id FROM "users" WHERE role = 'owner') WHERE "author_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_idx" ON "users" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_author_idx" ON "blog_posts" USING btree ("author_id","published_at","id");