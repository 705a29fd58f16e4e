CREATE TABLE "analytics_folded" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"page_views" integer NOT NULL,
	CONSTRAINT "analytics_folded_dimension_day_value_pk" PRIMARY KEY("dimension","day","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_folded_until" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_folded_until_dimension_day_pk" PRIMARY KEY("dimension","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly" (
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"page_views" integer NOT NULL,
	CONSTRAINT "analytics_monthly_dimension_month_value_pk" PRIMARY KEY("dimension","month","value")
);
--> statement-breakpoint
-- The months of the daily roll-ups kept so far (rollup.ts keeps them in step from now on).
INSERT INTO "analytics_monthly" ("month", "dimension", "value", "visitors", "page_views")
SELECT date_trunc('month', "day")::date, "dimension", "value", sum("visitors")::int, sum("page_views")::int
FROM "analytics_daily" GROUP BY 1, 2, 3;
