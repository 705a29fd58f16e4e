CREATE TABLE "analytics_conversions" (
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"page_views" integer NOT NULL,
	CONSTRAINT "analytics_daily_dimension_day_value_pk" PRIMARY KEY("dimension","day","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_views" (
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	"path" text NOT NULL,
	"source" text,
	"campaign" text,
	"country" text,
	"device" text NOT NULL,
	"browser" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_conversions_day_idx" ON "analytics_conversions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_page_views_day_idx" ON "analytics_page_views" USING btree ("day","visitor");--> statement-breakpoint
CREATE INDEX "analytics_page_views_at_idx" ON "analytics_page_views" USING btree ("at");