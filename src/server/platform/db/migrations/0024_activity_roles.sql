ALTER TABLE "activity_log" ADD COLUMN "role" text;--> statement-breakpoint
CREATE INDEX "activity_log_user_idx" ON "activity_log" USING btree ("user_id","at","id");