-- Rebase by identity (issue 8; src/model/rebase.ts LIST_IDENTITY): every item of every list
-- of funnel, page and template documents gets a unique identity, so concurrent edits are
-- re-addressed by it and never land on another item. Missing, empty or duplicate `id`s of
-- the lists that use their own `id` get `<prefix>-<random>`; the other lists get a `uid`.
-- Rows inserted later get them from a trigger; PATCH/PUT add them as ops (listIdOps).
CREATE OR REPLACE FUNCTION "fa_list_ids"(node jsonb, path text[], idkey text, prefix text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  out jsonb := '[]'::jsonb;
  item jsonb;
  seen text[] := '{}';
  v text;
  i int;
BEGIN
  IF node IS NULL THEN RETURN node; END IF;
  IF coalesce(array_length(path, 1), 0) = 0 THEN
    IF jsonb_typeof(node) <> 'array' THEN RETURN node; END IF;
    FOR i IN 0 .. jsonb_array_length(node) - 1 LOOP
      item := node -> i;
      IF jsonb_typeof(item) = 'object' THEN
        v := CASE WHEN jsonb_typeof(item -> idkey) = 'string' THEN item ->> idkey END;
        IF v IS NULL OR v = '' OR v = ANY(seen) THEN
          v := CASE WHEN prefix = '' THEN '' ELSE prefix || '-' END || substr(md5(random()::text || clock_timestamp()::text || i::text), 1, 10);
          item := jsonb_set(item, ARRAY[idkey], to_jsonb(v));
        END IF;
        seen := seen || v;
      END IF;
      out := out || jsonb_build_array(item);
    END LOOP;
    RETURN out;
  END IF;
  IF path[1] = '*' THEN
    IF jsonb_typeof(node) <> 'array' THEN RETURN node; END IF;
    FOR i IN 0 .. jsonb_array_length(node) - 1 LOOP
      out := out || jsonb_build_array("fa_list_ids"(node -> i, path[2:], idkey, prefix));
    END LOOP;
    RETURN out;
  END IF;
  IF jsonb_typeof(node) <> 'object' OR NOT (node ? path[1]) THEN RETURN node; END IF;
  RETURN jsonb_set(node, ARRAY[path[1]], "fa_list_ids"(node -> path[1], path[2:], idkey, prefix));
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fa_meta_ids"(meta jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT "fa_list_ids"("fa_list_ids"("fa_list_ids"("fa_list_ids"("fa_list_ids"("fa_list_ids"("fa_list_ids"("fa_list_ids"(
         "fa_list_ids"("fa_list_ids"("fa_list_ids"(meta,
    '{products}', 'uid', ''), '{products,*,features}', 'uid', ''), '{productSizes}', 'id', 'size'),
    '{productAddons}', 'id', 'addon'), '{productAddons,*,products}', 'uid', ''), '{reviews}', 'id', 'review'),
    '{extraReviews}', 'id', 'review'), '{list}', 'id', 'list'), '{intShipping}', 'id', 'shipping'),
    '{imgSlider}', 'id', 'slide'), '{recurring_campaigns}', 'uid', '')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fa_details_ids"(details jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT "fa_list_ids"("fa_list_ids"("fa_list_ids"("fa_list_ids"(details,
    '{faq}', 'uid', ''), '{faq,*,faq_content}', 'uid', ''), '{manual}', 'uid', ''), '{bannerImageAffid}', 'uid', '')
$$;--> statement-breakpoint
UPDATE "pages" SET "meta" = "fa_meta_ids"("meta"), "split" = "fa_list_ids"("split", '{}', 'uid', '');--> statement-breakpoint
UPDATE "templates" SET "meta" = "fa_meta_ids"("meta");--> statement-breakpoint
UPDATE "funnels" SET "details" = "fa_details_ids"("details");--> statement-breakpoint
-- Rows created later by any path (seed, create, clone) get them on insert; writes through
-- PATCH/PUT add them as ops of their own (so the audit log replays to the stored row).
CREATE OR REPLACE FUNCTION "fa_doc_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'funnels' THEN
    NEW."details" := "fa_details_ids"(NEW."details");
  ELSE
    NEW."meta" := "fa_meta_ids"(NEW."meta");
    IF TG_TABLE_NAME = 'pages' THEN NEW."split" := "fa_list_ids"(NEW."split", '{}', 'uid', ''); END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "pages_list_ids" BEFORE INSERT ON "pages" FOR EACH ROW EXECUTE FUNCTION "fa_doc_ids"();--> statement-breakpoint
CREATE TRIGGER "templates_list_ids" BEFORE INSERT ON "templates" FOR EACH ROW EXECUTE FUNCTION "fa_doc_ids"();--> statement-breakpoint
CREATE TRIGGER "funnels_list_ids" BEFORE INSERT ON "funnels" FOR EACH ROW EXECUTE FUNCTION "fa_doc_ids"();
