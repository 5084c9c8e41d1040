-- AlterTable
ALTER TABLE "products" ADD COLUMN     "name_vector" tsvector;

-- Search ranks a product whose name or SKU holds every word before the others (contract §5:
-- "name and SKU first"). `name_vector` is that part of `search_vector` alone, so a common
-- word finds the first page among the matches in the name, through this index, without
-- ranking every match (server/catalog/products/search.ts). Existing products get it here;
-- writes keep it with `search_vector` (server/catalog/products/search-index.ts). Like the
-- catalog migration's search indexes this needs btree_gin and unaccent, which the schema
-- tool's shadow database lacks; the app's migrator checks that the index exists.
DO $$
BEGIN
  UPDATE "products" SET "name_vector" = to_tsvector('simple', unaccent("name" || ' ' || "sku" || ' ' || regexp_replace("sku", '[^[:alnum:]]+', ' ', 'g')))
  WHERE "search_vector" IS NOT NULL;
  CREATE INDEX "products_name_vector_idx" ON "products" USING GIN ("organization_id", "name_vector") WITH (gin_pending_list_limit = 256);
EXCEPTION WHEN undefined_file OR undefined_object OR undefined_function OR feature_not_supported THEN
  RAISE WARNING 'search extensions are not available here: %', SQLERRM;
END $$;
