-- AlterTable
ALTER TABLE "products" ADD COLUMN     "brand_id" UUID,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "ean" TEXT,
ADD COLUMN     "images" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "measure_unit_id" UUID,
ADD COLUMN     "ncm" TEXT,
ADD COLUMN     "price" DECIMAL(18,2),
ADD COLUMN     "search_vector" tsvector,
ADD COLUMN     "weight" DECIMAL(18,3);

-- CreateTable
CREATE TABLE "product_categories" (
    "organization_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "category_id" UUID NOT NULL,

    CONSTRAINT "product_categories_pkey" PRIMARY KEY ("product_id","category_id")
);

-- CreateTable
CREATE TABLE "product_variations" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "sku_key" TEXT NOT NULL,
    "price" DECIMAL(18,2),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "values" JSONB NOT NULL DEFAULT '[]',
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "product_variations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_specifications" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "value_key" TEXT NOT NULL,
    "is_searchable" BOOLEAN NOT NULL DEFAULT false,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "product_specifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_words" (
    "organization_id" UUID NOT NULL,
    "word" TEXT NOT NULL,

    CONSTRAINT "search_words_pkey" PRIMARY KEY ("organization_id","word")
);

-- CreateIndex
CREATE INDEX "product_categories_organization_id_category_id_idx" ON "product_categories"("organization_id", "category_id");

-- CreateIndex
CREATE INDEX "product_variations_product_id_idx" ON "product_variations"("product_id");

-- CreateIndex
CREATE UNIQUE INDEX "product_variations_organization_id_sku_key_key" ON "product_variations"("organization_id", "sku_key");

-- CreateIndex
CREATE INDEX "product_specifications_product_id_idx" ON "product_specifications"("product_id");

-- CreateIndex
CREATE INDEX "product_specifications_organization_id_name_key_value_key_idx" ON "product_specifications"("organization_id", "name_key", "value_key");

-- CreateIndex
CREATE INDEX "products_organization_id_brand_id_idx" ON "products"("organization_id", "brand_id");

-- CreateIndex
CREATE INDEX "products_organization_id_price_idx" ON "products"("organization_id", "price");

-- CreateIndex
CREATE INDEX "products_measure_unit_id_idx" ON "products"("measure_unit_id");

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_fkey" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_measure_unit_id_fkey" FOREIGN KEY ("measure_unit_id") REFERENCES "measure_units"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_specifications" ADD CONSTRAINT "product_specifications_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_specifications" ADD CONSTRAINT "product_specifications_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Search needs four contrib extensions (PostgreSQL's and PGlite's): full-text with
-- accents folded (unaccent), typo candidates (pg_trgm) and distances (fuzzystrmatch), and
-- GIN indexes that lead with the org (btree_gin). The schema tool's shadow database has
-- no contrib, so it skips this block; the app's migrator checks afterwards that the
-- extensions and both indexes exist, and refuses to start otherwise
-- (server/db/migrator.ts, REQUIRED_EXTENSIONS).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE EXTENSION IF NOT EXISTS unaccent;
  CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
  CREATE EXTENSION IF NOT EXISTS btree_gin;
  CREATE INDEX "products_search_vector_idx" ON "products" USING GIN ("organization_id", "search_vector");
  CREATE INDEX "search_words_word_idx" ON "search_words" USING GIN ("organization_id", "word" gin_trgm_ops);
EXCEPTION WHEN undefined_file OR undefined_object OR feature_not_supported THEN
  RAISE WARNING 'search extensions are not available here: %', SQLERRM;
END $$;
