-- The funnel list shows each funnel's offer (name, platform, Everflow id) and first domain: a
-- statement that changes offers or domains bumps the `funnels` revision too, so the list pages
-- kept in memory (cache.ts DataCaches.funnelLists) are dropped with the funnels'.
CREATE TRIGGER "offers_cache_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION "cache_revision_bump"('funnels');--> statement-breakpoint
CREATE TRIGGER "domains_cache_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "domains" FOR EACH STATEMENT EXECUTE FUNCTION "cache_revision_bump"('funnels');
