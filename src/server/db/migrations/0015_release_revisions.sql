-- Every statement that changes releases (a publish, a rollback, a removed release) bumps the
-- `releases` revision and announces it on channel cache_revisions at commit, as 0004 does for
-- funnels and users: the sites server keeps each site's live stamp in memory until then.
INSERT INTO "cache_revisions" ("name") VALUES ('releases') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "releases_cache_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "releases" FOR EACH STATEMENT EXECUTE FUNCTION "cache_revision_bump"('releases');
