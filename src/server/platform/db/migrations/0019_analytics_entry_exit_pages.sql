-- Entry and exit pages of the days rolled up before they were counted, from those days' views still kept (30 days).
INSERT INTO "analytics_daily" ("day", "dimension", "value", "visitors", "page_views")
SELECT "day", 'entry', "path", count(*)::int, count(*)::int FROM (
  SELECT DISTINCT ON ("day", "visitor") "day", "visitor", "path" FROM "analytics_page_views"
  ORDER BY "day", "visitor", "at", "path") v
WHERE "day" IN (SELECT "day" FROM "analytics_daily" WHERE "dimension" = 'total')
GROUP BY "day", "path"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "analytics_daily" ("day", "dimension", "value", "visitors", "page_views")
SELECT "day", 'exit', "path", count(*)::int, count(*)::int FROM (
  SELECT DISTINCT ON ("day", "visitor") "day", "visitor", "path" FROM "analytics_page_views"
  ORDER BY "day", "visitor", "at" DESC, "path" DESC) v
WHERE "day" IN (SELECT "day" FROM "analytics_daily" WHERE "dimension" = 'total')
GROUP BY "day", "path"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "analytics_monthly" ("month", "dimension", "value", "visitors", "page_views")
SELECT date_trunc('month', "day")::date, "dimension", "value", sum("visitors")::int, sum("page_views")::int
FROM "analytics_daily" WHERE "dimension" IN ('entry', 'exit') GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;
