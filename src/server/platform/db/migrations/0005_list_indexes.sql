DROP INDEX "blog_posts_published_idx";--> statement-breakpoint
CREATE INDEX "blog_posts_category_idx" ON "blog_posts" USING btree ("category","published_at","id");--> statement-breakpoint
CREATE INDEX "blog_posts_created_idx" ON "blog_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blog_posts_title_trgm_idx" ON "blog_posts" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "blog_posts_excerpt_trgm_idx" ON "blog_posts" USING gin ("excerpt" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "blog_posts_category_trgm_idx" ON "blog_posts" USING gin ("category" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "podcast_episodes_order_idx" ON "podcast_episodes" USING btree ("published_at" DESC NULLS LAST,"episode_number" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "podcast_episodes_title_trgm_idx" ON "podcast_episodes" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "podcast_episodes_description_trgm_idx" ON "podcast_episodes" USING gin ("description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at","id");