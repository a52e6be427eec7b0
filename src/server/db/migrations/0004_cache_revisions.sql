CREATE TABLE "cache_revisions" (
	"name" text PRIMARY KEY NOT NULL,
	"rev" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Every statement that changes funnels, users or roles — foreign-key actions included, such
-- as an offer renumbered — bumps its kind's revision in the same transaction and announces
-- it on channel cache_revisions at commit (schema.ts cacheRevisions; cache.ts).
INSERT INTO "cache_revisions" ("name") VALUES ('funnels'), ('users');--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cache_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_revisions" SET "rev" = "rev" + 1 WHERE "name" = TG_ARGV[0];
  PERFORM pg_notify('cache_revisions', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "funnels_cache_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "funnels" FOR EACH STATEMENT EXECUTE FUNCTION "cache_revision_bump"('funnels');--> statement-breakpoint
CREATE TRIGGER "users_cache_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "cache_revision_bump"('users');--> statement-breakpoint
CREATE TRIGGER "roles_cache_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "cache_revision_bump"('users');
