CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_challenges_expires_at_idx" ON "used_challenges" USING btree ("expires_at");