CREATE TABLE "releases" (
	"ID" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"site" text NOT NULL,
	"stamp" text NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"funnel_version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"live" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "releases_site_stamp_uq" ON "releases" USING btree ("site","stamp");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_site_live_uq" ON "releases" USING btree ("site") WHERE "releases"."live";--> statement-breakpoint
CREATE INDEX "releases_funnel_idx" ON "releases" USING btree ("funnel_id","CreatedAt");