-- Today's analytics from a rollup at most a minute old (src/server/analytics/maintenance.ts
-- rollUpLive): the distinct visitors of each rollup group already counted today, so the
-- rollup can be advanced a minute at a time and the report can count the raw events since
-- without counting a visitor twice; and how far today's rollup reaches.
CREATE TABLE "event_day_visitors" (
	"day" date NOT NULL,
	"funnel_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"release_id" integer NOT NULL,
	"branch" text NOT NULL,
	"affiliate" text NOT NULL,
	"campaign" text NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "event_day_visitors_pk" PRIMARY KEY("funnel_id","day","page_id","release_id","branch","affiliate","campaign","kind","visitor")
);
--> statement-breakpoint
ALTER TABLE "event_rollup_state" ADD COLUMN "live_through" timestamp with time zone;
