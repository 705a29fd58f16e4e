ALTER TABLE "blog_search_words" ADD COLUMN "named" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- How many published posts name each word in their title, tags or excerpt, as a save now counts it.
UPDATE "blog_search_words" w SET "named" = s.ndoc
FROM ts_stat('SELECT to_tsvector(''simple'', title || '' '' || tags_text || '' '' || excerpt) FROM blog_posts WHERE status = ''published''') s
WHERE s.word = w.word;
