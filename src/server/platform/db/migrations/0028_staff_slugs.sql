CREATE TABLE "staff_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_slugs" ADD CONSTRAINT "staff_slugs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_slugs_user_idx" ON "staff_slugs" USING btree ("user_id");