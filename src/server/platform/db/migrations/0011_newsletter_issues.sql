CREATE TABLE "newsletter_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"body_html" text NOT NULL,
	"post_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"slug" text,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"snapshot_after_id" integer DEFAULT 0 NOT NULL,
	"snapshot_done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_pace" (
	"id" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"factor" double precision DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"subscriber_id" integer,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"claim_token" text,
	"lease_until" timestamp with time zone,
	"uncertain" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_subscriber_id_newsletter_subscriptions_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_slug_idx" ON "newsletter_issues" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "newsletter_issues_status_idx" ON "newsletter_issues" USING btree ("status","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_recipients_issue_subscriber_idx" ON "newsletter_recipients" USING btree ("issue_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_issue_status_idx" ON "newsletter_recipients" USING btree ("issue_id","status","id");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_subscriber_idx" ON "newsletter_recipients" USING btree ("subscriber_id");