-- The number of orders, kept by statement-level triggers, so an unfiltered orders page
-- (001 §7 total_rows) needs no count(*) over the whole table.
INSERT INTO "order_stats" ("id", "total") SELECT 1, count(*) FROM "orders" ON CONFLICT ("id") DO UPDATE SET "total" = EXCLUDED."total";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_stats_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_stats" SET "total" = "total" + (SELECT count(*) FROM "new_rows") WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_stats_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_stats" SET "total" = "total" - (SELECT count(*) FROM "old_rows") WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_stats_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_stats" SET "total" = 0 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_count_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_insert"();--> statement-breakpoint
CREATE TRIGGER "orders_count_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_delete"();--> statement-breakpoint
CREATE TRIGGER "orders_count_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_truncate"();
