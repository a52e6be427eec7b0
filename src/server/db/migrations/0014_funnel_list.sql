CREATE INDEX IF NOT EXISTS "funnels_offer_idx" ON "funnels" USING btree ("offer");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "funnels_list_name_idx" ON "funnels" USING btree ("archived","name","ID");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domains_name_lower_idx" ON "domains" USING btree (lower("name"));
