DROP INDEX "blog_search_words_nearest_idx";--> statement-breakpoint
CREATE INDEX "blog_posts_rank_search_idx" ON "blog_posts" USING gin ("rank_search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "blog_search_words_trgm_idx" ON "blog_search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);