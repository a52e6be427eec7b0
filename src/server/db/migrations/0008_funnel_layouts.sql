CREATE TABLE "funnel_layouts" (
	"funnel_id" integer PRIMARY KEY NOT NULL,
	"positions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"UpdatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funnel_layouts" ADD CONSTRAINT "funnel_layouts_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE cascade ON UPDATE no action;