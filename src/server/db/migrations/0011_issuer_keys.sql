CREATE TABLE "issuer_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"keys" jsonb NOT NULL,
	"CreatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issuer_keys_one_row" CHECK ("id" = 1)
);
