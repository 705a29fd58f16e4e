CREATE TABLE "workshop_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer,
	"contact_message_id" integer,
	"status" text NOT NULL,
	"parent_name" text NOT NULL,
	"parent_email" text NOT NULL,
	"parent_mobile" text,
	"child_name" text,
	"child_age" integer,
	"device_type" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_reservations_status_check" CHECK (("workshop_reservations"."status" in ('confirmed', 'waiting') and "workshop_reservations"."session_id" is not null)
        or ("workshop_reservations"."status" = 'interest' and "workshop_reservations"."session_id" is null) or "workshop_reservations"."status" = 'cancelled')
);
--> statement-breakpoint
CREATE TABLE "workshop_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"delivery" text NOT NULL,
	"venue" text,
	"join_link" text,
	"capacity" integer DEFAULT 15 NOT NULL,
	"places_taken" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_sessions_places_check" CHECK ("workshop_sessions"."places_taken" >= 0 and "workshop_sessions"."places_taken" <= "workshop_sessions"."capacity"),
	CONSTRAINT "workshop_sessions_capacity_check" CHECK ("workshop_sessions"."capacity" > 0),
	CONSTRAINT "workshop_sessions_times_check" CHECK ("workshop_sessions"."ends_at" > "workshop_sessions"."starts_at"),
	CONSTRAINT "workshop_sessions_delivery_check" CHECK ("workshop_sessions"."delivery" = 'video_call' or ("workshop_sessions"."delivery" = 'in_person' and "workshop_sessions"."venue" is not null))
);
--> statement-breakpoint
ALTER TABLE "workshop_reservations" ADD CONSTRAINT "workshop_reservations_session_id_workshop_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."workshop_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_reservations" ADD CONSTRAINT "workshop_reservations_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshop_reservations_session_idx" ON "workshop_reservations" USING btree ("session_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "workshop_reservations_status_idx" ON "workshop_reservations" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_reservations_child_idx" ON "workshop_reservations" USING btree ("session_id","parent_email",lower("child_name")) WHERE "workshop_reservations"."status" in ('confirmed', 'waiting');--> statement-breakpoint
CREATE INDEX "workshop_sessions_starts_idx" ON "workshop_sessions" USING btree ("starts_at");