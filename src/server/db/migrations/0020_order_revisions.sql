-- Every statement that changes orders bumps the `orders` revision in the same transaction (and
-- announces it on channel cache_revisions, as 0004 does for funnels): a server's index of order
-- page positions (order-page-index.ts) is used only at the revision it was built at.
INSERT INTO "cache_revisions" ("name") VALUES ('orders') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "orders_cache_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "cache_revision_bump"('orders');
