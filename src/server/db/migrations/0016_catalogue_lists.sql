CREATE INDEX IF NOT EXISTS "products_list_name_idx" ON "products" USING btree (lower("name"),"ID");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_sku_idx" ON "products" USING btree (lower("sku"),"ID");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_list_name_idx" ON "offers" USING btree (lower("name"),"ID");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_list_name_idx" ON "users" USING btree (lower("name"),"user_id");
