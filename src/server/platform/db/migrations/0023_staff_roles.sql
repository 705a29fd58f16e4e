ALTER TABLE "sessions" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'administrator' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner_idx" ON "users" USING btree ("role") WHERE "users"."role" = 'owner';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'administrator', 'editor', 'sales', 'author', 'contributor'));--> statement-breakpoint
-- The first admin added owns the business; the others stay administrators, as they were.
UPDATE "users" SET "role" = 'owner' WHERE "id" = (SELECT min("id") FROM "users");
