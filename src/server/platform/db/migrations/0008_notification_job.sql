ALTER TABLE "contact_messages" ADD COLUMN "notification_job_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "notification_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "notification_attempts" integer;