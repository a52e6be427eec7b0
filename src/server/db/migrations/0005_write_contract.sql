ALTER TABLE "audit_logs" ADD COLUMN "system" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Entries written before the column: operators' notes stay deletable (by their author or an
-- admin); what the server wrote (diffs and its own notes, by their fixed titles) is a system entry.
UPDATE "audit_logs" SET "system" = false
WHERE "type" = 'note'
  AND "title" NOT IN ('Published', 'Funnel created', 'Funnel cloned', 'Funnel locked', 'Funnel unlocked', 'Templates synced')
  AND "title" NOT LIKE 'Added page %' AND "title" NOT LIKE 'Deleted page %';--> statement-breakpoint
-- The captcha secret key is write-only: redact it in the diffs already stored (ops and inverse,
-- as a member or inside a whole /details value) and in stored idempotent answers.
CREATE FUNCTION "pg_temp"."redact_cf_secret"(ops jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT COALESCE(jsonb_agg(CASE
    WHEN o->>'path' = '/details/cf_secret_key' AND o ? 'value' THEN jsonb_set(o, '{value}', '"[redacted]"')
    WHEN o->>'path' = '/details' AND jsonb_typeof(o->'value') = 'object' AND o->'value' ? 'cf_secret_key' THEN jsonb_set(o, '{value,cf_secret_key}', '"[redacted]"')
    ELSE o END ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements(ops) WITH ORDINALITY AS e(o, i)
$$;--> statement-breakpoint
UPDATE "audit_logs" SET "ops" = "pg_temp"."redact_cf_secret"("ops"), "inverse" = "pg_temp"."redact_cf_secret"("inverse")
WHERE "doc" LIKE 'funnel:%' AND jsonb_typeof("ops") = 'array' AND jsonb_typeof("inverse") = 'array';--> statement-breakpoint
UPDATE "idempotency_keys" SET "body" = "body" #- '{details,cf_secret_key}'
WHERE jsonb_typeof("body") = 'object' AND jsonb_typeof("body"->'details') = 'object' AND "body"->'details' ? 'cf_secret_key';
