ALTER TABLE "outbox" DROP CONSTRAINT "outbox_contact_message_id_contact_messages_id_fk";
--> statement-breakpoint
DROP INDEX "outbox_contact_message_idx";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "contact_message_id";