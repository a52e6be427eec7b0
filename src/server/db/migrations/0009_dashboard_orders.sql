CREATE TABLE "dashboard_orders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"UpdatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_orders" ADD CONSTRAINT "dashboard_orders_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;