CREATE TABLE "subscription_manage_links" (
	"id" text PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "parent_phone" text;--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "child_first_name" text;--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "child_age" integer;--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "last_payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "academy_subscriptions" ADD COLUMN "last_paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscription_manage_links_expires_idx" ON "subscription_manage_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "academy_subscriptions_customer_idx" ON "academy_subscriptions" USING btree ("stripe_customer_id");