CREATE TABLE "audit_logs" (
	"ID" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"task_url" text DEFAULT '' NOT NULL,
	"doc" text,
	"ops" jsonb,
	"inverse" jsonb,
	"version" integer,
	"user_id" integer,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"ID" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"funnel_id" integer,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "funnels" (
	"ID" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"offer" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"countries" jsonb NOT NULL,
	"page_id" integer,
	"cs_number" text DEFAULT '' NOT NULL,
	"cs_email" text DEFAULT '' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"publish_status" text DEFAULT 'progress' NOT NULL,
	"details" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"UpdatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"etag" text,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"ID" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"ef_offer_id" integer,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"store_id" integer,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_type_id_pk" PRIMARY KEY("type","id")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"ID" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"name" text NOT NULL,
	"page_type" text NOT NULL,
	"page_path" text NOT NULL,
	"template_id" integer,
	"page_id" integer,
	"page_alt_id" integer,
	"split" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meta" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"UpdatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"ID" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"product_price" double precision NOT NULL,
	"product_category" text DEFAULT '' NOT NULL,
	"billing_model" integer DEFAULT 2 NOT NULL,
	"shipping_id" integer
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"ID" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"ID" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"page_type" text NOT NULL,
	"layout" text NOT NULL,
	"template_host_url" text DEFAULT '/' NOT NULL,
	"meta" jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"UpdatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT true NOT NULL,
	"password" text NOT NULL,
	"role_id" integer NOT NULL,
	"connection" text DEFAULT 'embedded' NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_offer_offers_ID_fk" FOREIGN KEY ("offer") REFERENCES "public"."offers"("ID") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_store_id_stores_ID_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("ID") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_funnel_id_funnels_ID_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_template_id_templates_ID_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("ID") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_offer_id_offers_ID_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_funnel_idx" ON "audit_logs" USING btree ("funnel_id","CreatedAt");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_funnel_path_uq" ON "pages" USING btree ("funnel_id","page_path");--> statement-breakpoint
CREATE INDEX "products_offer_idx" ON "products" USING btree ("offer_id");