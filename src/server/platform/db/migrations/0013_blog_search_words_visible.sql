DROP INDEX "blog_search_words_trgm_idx";--> statement-breakpoint
ALTER TABLE "blog_search_words" ADD COLUMN "posts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_search_words_nearest_idx" ON "blog_search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The list held every word of every save, drafts' included, and never forgot one (issue 44.4): it is
-- made again from the published posts, each word with how many of them use it.
DELETE FROM "blog_search_words";--> statement-breakpoint
INSERT INTO "blog_search_words" ("word", "posts")
  SELECT word, ndoc FROM ts_stat('SELECT to_tsvector(''simple'', title || '' '' || tags_text || '' '' || excerpt || '' '' || content_text) FROM blog_posts WHERE status = ''published''');--> statement-breakpoint
-- A tag no post carries (its posts deleted before tags were removed with them) is no one's.
DELETE FROM "tags" t WHERE NOT EXISTS (SELECT 1 FROM "post_tags" pt WHERE pt."tag_id" = t."id");
