-- First-party funnel analytics: the events published pages send (POST /e), append-only and
-- partitioned by day (src/server/analytics/maintenance.ts creates the days ahead and drops the
-- ones past ANALYTICS_RETENTION_DAYS; a day without its partition lands in the default one),
-- and their daily rollups per funnel, page, release, split branch, affiliate, campaign and kind.
CREATE TABLE "events" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"funnel_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"release_id" integer NOT NULL,
	"kind" text NOT NULL,
	"visitor" text,
	"branch" text,
	"affiliate" text,
	"campaign" text
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;
--> statement-breakpoint
CREATE INDEX "events_funnel_created_idx" ON "events" USING btree ("funnel_id","created_at");
--> statement-breakpoint
CREATE TABLE "event_rollups" (
	"day" date NOT NULL,
	"funnel_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"release_id" integer NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"affiliate" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"events" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	CONSTRAINT "event_rollups_pk" PRIMARY KEY("funnel_id","day","page_id","release_id","branch","affiliate","campaign","kind")
);
--> statement-breakpoint
CREATE TABLE "event_rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"rolled_through" date
);
--> statement-breakpoint
INSERT INTO "event_rollup_state" ("id", "rolled_through") VALUES (1, NULL);
