ALTER TABLE "outbox" ADD COLUMN "record_id" integer;--> statement-breakpoint
-- Rows a restored backup left here keep the record their e-mail is about.
UPDATE "outbox" SET "record_id" = "contact_message_id" WHERE "contact_message_id" IS NOT NULL;
