ALTER TABLE "analytics_page_views" ADD COLUMN "os" text DEFAULT 'Unknown' NOT NULL;--> statement-breakpoint
-- Days rolled up before the operating system was recorded: all their visitors under 'Unknown', as their views are.
INSERT INTO "analytics_daily" ("day", "dimension", "value", "visitors", "page_views")
SELECT "day", 'os', 'Unknown', "visitors", "page_views" FROM "analytics_daily" WHERE "dimension" = 'total'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "analytics_monthly" ("month", "dimension", "value", "visitors", "page_views")
SELECT "month", 'os', 'Unknown', "visitors", "page_views" FROM "analytics_monthly" WHERE "dimension" = 'total'
ON CONFLICT DO NOTHING;
