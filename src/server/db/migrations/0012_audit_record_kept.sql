CREATE TABLE "deleted_funnels" (
	"ID" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_funnel_id_funnels_ID_fk";
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "deleted_funnels" ADD CONSTRAINT "deleted_funnels_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A user who goes leaves their name on what they wrote (issue 26): copied before the row is
-- deleted, then the foreign key's action clears user_id.
CREATE OR REPLACE FUNCTION "audit_keep_author_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "audit_logs" SET "author_name" = OLD."name" WHERE "user_id" = OLD."user_id";
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_keep_audit_author" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_keep_author_name"();
