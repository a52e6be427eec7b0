-- Funnels and products now refer to an offer by its platform offer_id (000 §3 "offer (an offer_id)"), not its ID.
ALTER TABLE "offers" ADD CONSTRAINT "offers_offer_id_unique" UNIQUE("offer_id");--> statement-breakpoint
ALTER TABLE "funnels" DROP CONSTRAINT "funnels_offer_offers_ID_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_offer_id_offers_ID_fk";--> statement-breakpoint
UPDATE "funnels" SET "offer" = "offers"."offer_id" FROM "offers" WHERE "funnels"."offer" = "offers"."ID";--> statement-breakpoint
UPDATE "products" SET "offer_id" = "offers"."offer_id" FROM "offers" WHERE "products"."offer_id" = "offers"."ID";--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_offer_offers_offer_id_fk" FOREIGN KEY ("offer") REFERENCES "public"."offers"("offer_id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE cascade;
