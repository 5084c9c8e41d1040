-- CreateTable
CREATE TABLE "pricing_versions" (
    "organization_id" UUID NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "pricing_versions_pkey" PRIMARY KEY ("organization_id")
);

-- Any write to an org's price tables or discounts (whichever code path or instance makes
-- it) sets the org's version to the writing transaction's id: it never repeats, even when
-- that transaction rolls back, so a version names one committed state of the rules.
-- Statement-level triggers (one per event: transition tables allow only one) see the
-- orgs of all the rows a statement touched. No foreign key: deleting an org cascades
-- through these tables, and the org's row is gone by the time the triggers run.
CREATE FUNCTION "pricing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pricing_versions" ("organization_id", "version")
  SELECT o."id", txid_current()
  FROM (SELECT DISTINCT "organization_id" FROM "changed_rows") c
  JOIN "organizations" o ON o."id" = c."organization_id"
  ON CONFLICT ("organization_id") DO UPDATE SET "version" = EXCLUDED."version";
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['price_tables', 'price_table_criteria', 'price_table_products', 'price_table_targets',
                           'discounts', 'discount_targets', 'discount_criteria_values'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pricing_changed"()', t || '_pricing_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pricing_changed"()', t || '_pricing_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pricing_changed"()', t || '_pricing_delete', t);
  END LOOP;
END
$$;
