ALTER TABLE "blog_posts" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD COLUMN "step" text;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD COLUMN "note" text;