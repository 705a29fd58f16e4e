DROP INDEX "academy_subscriptions_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_type_idx";--> statement-breakpoint
DROP INDEX "contact_messages_status_idx";--> statement-breakpoint
DROP INDEX "newsletter_subscriptions_created_idx";--> statement-breakpoint
DROP INDEX "workshop_reservations_status_idx";--> statement-breakpoint
CREATE INDEX "academy_subscriptions_created_id_idx" ON "academy_subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_id_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_type_created_id_idx" ON "contact_messages" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_id_idx" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_issue_id_idx" ON "newsletter_recipients" USING btree ("issue_id","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_created_id_idx" ON "newsletter_subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "workshop_reservations_status_created_id_idx" ON "workshop_reservations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "workshop_reservations_created_id_idx" ON "workshop_reservations" USING btree ("created_at","id");