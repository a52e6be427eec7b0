CREATE TABLE "blockers" (
	"ID" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"user_ip" text DEFAULT '' NOT NULL,
	"user_country" text DEFAULT '' NOT NULL,
	"user_email" text DEFAULT '' NOT NULL,
	"user_phone" text DEFAULT '' NOT NULL,
	"order_decline_limit" integer,
	"UpdatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"ID" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"campaign_name" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT '' NOT NULL,
	"scrub" boolean DEFAULT false NOT NULL,
	"funnel_id" integer,
	"offer_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"sufix" text DEFAULT '' NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_method" text DEFAULT '' NOT NULL,
	"shipping_id" integer,
	"fulfillment" text DEFAULT '' NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"ID" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sticky_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_shipping" integer,
	"event_order" integer,
	"event_refund" integer,
	"event_void" integer,
	"event_rma" integer,
	"event_return" integer,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_sticky_id_unique" UNIQUE("sticky_id")
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"id" text PRIMARY KEY NOT NULL,
	"zone_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"proxied" boolean DEFAULT false NOT NULL,
	"ttl" integer DEFAULT 1 NOT NULL,
	"priority" integer,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_zones" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"under_attack" boolean DEFAULT false NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dns_zones_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "order_stats" (
	"id" integer PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"ID" serial PRIMARY KEY NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_method" text NOT NULL,
	"product_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"ip" text NOT NULL,
	"aff_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"is_scrub" boolean DEFAULT false NOT NULL,
	"is_done" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pixels" (
	"ID" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"name" text NOT NULL,
	"aff_id" text DEFAULT '' NOT NULL,
	"page" integer NOT NULL,
	"location" text NOT NULL,
	"code" text NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_catalog" (
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "platform_catalog_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "scrubs" (
	"ID" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"affiliate_id" text DEFAULT '' NOT NULL,
	"affiliate_name" text DEFAULT '' NOT NULL,
	"scrub_pct" integer NOT NULL,
	"global" boolean DEFAULT false NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shippings" (
	"ID" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" double precision DEFAULT 0 NOT NULL,
	"shipping_code" text DEFAULT '' NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "zone_id" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "sync" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "under_attack" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cost_of_goods" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_weight" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_quantity" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bundle" jsonb;--> statement-breakpoint
ALTER TABLE "blockers" ADD CONSTRAINT "blockers_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_shipping_id_shippings_ID_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."shippings"("ID") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_zone_id_dns_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."dns_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pixels" ADD CONSTRAINT "pixels_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pixels" ADD CONSTRAINT "pixels_page_pages_ID_fk" FOREIGN KEY ("page") REFERENCES "public"."pages"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrubs" ADD CONSTRAINT "scrubs_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blockers_funnel_idx" ON "blockers" USING btree ("funnel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_funnel_campaign_uq" ON "campaigns" USING btree ("funnel_id","campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_offer_idx" ON "campaigns" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "campaigns_campaign_id_idx" ON "campaigns" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_uq" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "dns_records_zone_idx" ON "dns_records" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("CreatedAt","ID");--> statement-breakpoint
CREATE INDEX "orders_payment_idx" ON "orders" USING btree ("payment_method","ID");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id","ID");--> statement-breakpoint
CREATE INDEX "orders_transaction_idx" ON "orders" USING btree ("transaction_id","ID");--> statement-breakpoint
CREATE INDEX "orders_ip_idx" ON "orders" USING btree ("ip","ID");--> statement-breakpoint
CREATE INDEX "orders_aff_idx" ON "orders" USING btree ("aff_id","ID");--> statement-breakpoint
CREATE INDEX "orders_campaign_idx" ON "orders" USING btree ("campaign_id","ID");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","ID");--> statement-breakpoint
CREATE INDEX "orders_scrub_idx" ON "orders" USING btree ("is_scrub","ID");--> statement-breakpoint
CREATE INDEX "orders_done_idx" ON "orders" USING btree ("is_done","ID");--> statement-breakpoint
CREATE INDEX "pixels_funnel_idx" ON "pixels" USING btree ("funnel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scrubs_funnel_affiliate_uq" ON "scrubs" USING btree ("funnel_id","affiliate_id");--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_parent_id_domains_ID_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."domains"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Shipping ids before this migration referred to nothing (no shippings table yet): clear them so the new FK holds.
UPDATE "products" SET "shipping_id" = NULL WHERE "shipping_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_id_shippings_ID_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."shippings"("ID") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domains_funnel_idx" ON "domains" USING btree ("funnel_id");--> statement-breakpoint
CREATE INDEX "domains_parent_idx" ON "domains" USING btree ("parent_id");