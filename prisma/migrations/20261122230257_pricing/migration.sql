-- CreateEnum
CREATE TYPE "PriceRateType" AS ENUM ('INCREASE', 'DECREASE');

-- CreateEnum
CREATE TYPE "PriceValueType" AS ENUM ('MONETARY', 'PERCENTAGE');

-- CreateTable
CREATE TABLE "price_tables" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "is_partner_specific" BOOLEAN NOT NULL DEFAULT false,
    "is_profile_specific" BOOLEAN NOT NULL DEFAULT false,
    "is_company_specific" BOOLEAN NOT NULL DEFAULT false,
    "is_payment_method_specific" BOOLEAN NOT NULL DEFAULT false,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "price_tables_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_table_criteria" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "price_table_id" UUID NOT NULL,
    "criteria_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT,
    "rate_type" "PriceRateType" NOT NULL,
    "value_type" "PriceValueType" NOT NULL,
    "criteria_type" TEXT NOT NULL DEFAULT 'FILTER',
    "value" DECIMAL(18,4) NOT NULL,
    "has_products" BOOLEAN NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "price_table_criteria_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_table_products" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "price_table_id" UUID NOT NULL,
    "criteria_row_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "product_id" UUID NOT NULL,
    "product_variation_id" UUID,
    "price" DECIMAL(18,2),
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "price_table_products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_table_targets" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "price_table_id" UUID NOT NULL,
    "partner_id" UUID,
    "profile_id" UUID,
    "company_id" UUID,
    "payment_method_id" UUID,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "price_table_targets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discounts" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "minimum_value" DECIMAL(18,2),
    "maximum_value" DECIMAL(18,2),
    "start_date" DATE,
    "end_date" DATE,
    "is_discount_over_discount" BOOLEAN NOT NULL DEFAULT false,
    "is_partner" BOOLEAN NOT NULL DEFAULT false,
    "is_profile" BOOLEAN NOT NULL DEFAULT false,
    "is_company" BOOLEAN NOT NULL DEFAULT false,
    "is_payment_method" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "quantity_condition" TEXT NOT NULL DEFAULT 'INDIVIDUAL',
    "ranges" JSONB NOT NULL DEFAULT '[]',
    "criteria" JSONB NOT NULL DEFAULT '[]',
    "has_criteria" BOOLEAN NOT NULL DEFAULT false,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "discounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discount_targets" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "discount_id" UUID NOT NULL,
    "partner_id" UUID,
    "profile_id" UUID,
    "company_id" UUID,
    "payment_method_id" UUID,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "discount_targets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discount_criteria_values" (
    "organization_id" UUID NOT NULL,
    "discount_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "discount_criteria_values_pkey" PRIMARY KEY ("discount_id","key","value")
);

-- CreateIndex
CREATE INDEX "price_tables_organization_id_name_idx" ON "price_tables"("organization_id", "name");

-- CreateIndex
CREATE INDEX "price_tables_organization_id_start_date_idx" ON "price_tables"("organization_id", "start_date");

-- CreateIndex
CREATE INDEX "price_table_criteria_organization_id_has_products_idx" ON "price_table_criteria"("organization_id", "has_products");

-- CreateIndex
CREATE UNIQUE INDEX "price_table_criteria_price_table_id_criteria_id_key" ON "price_table_criteria"("price_table_id", "criteria_id");

-- CreateIndex
CREATE INDEX "price_table_products_organization_id_product_id_idx" ON "price_table_products"("organization_id", "product_id");

-- CreateIndex
CREATE INDEX "price_table_products_criteria_row_id_position_idx" ON "price_table_products"("criteria_row_id", "position");

-- CreateIndex
CREATE INDEX "price_table_products_product_variation_id_idx" ON "price_table_products"("product_variation_id");

-- CreateIndex
CREATE INDEX "price_table_targets_price_table_id_idx" ON "price_table_targets"("price_table_id");

-- CreateIndex
CREATE INDEX "price_table_targets_partner_id_idx" ON "price_table_targets"("partner_id");

-- CreateIndex
CREATE INDEX "price_table_targets_profile_id_idx" ON "price_table_targets"("profile_id");

-- CreateIndex
CREATE INDEX "price_table_targets_company_id_idx" ON "price_table_targets"("company_id");

-- CreateIndex
CREATE INDEX "price_table_targets_payment_method_id_idx" ON "price_table_targets"("payment_method_id");

-- CreateIndex
CREATE INDEX "discounts_organization_id_name_idx" ON "discounts"("organization_id", "name");

-- CreateIndex
CREATE INDEX "discounts_organization_id_has_criteria_idx" ON "discounts"("organization_id", "has_criteria");

-- CreateIndex
CREATE INDEX "discount_targets_discount_id_idx" ON "discount_targets"("discount_id");

-- CreateIndex
CREATE INDEX "discount_targets_partner_id_idx" ON "discount_targets"("partner_id");

-- CreateIndex
CREATE INDEX "discount_targets_profile_id_idx" ON "discount_targets"("profile_id");

-- CreateIndex
CREATE INDEX "discount_targets_company_id_idx" ON "discount_targets"("company_id");

-- CreateIndex
CREATE INDEX "discount_targets_payment_method_id_idx" ON "discount_targets"("payment_method_id");

-- CreateIndex
CREATE INDEX "discount_criteria_values_organization_id_key_value_idx" ON "discount_criteria_values"("organization_id", "key", "value");

-- AddForeignKey
ALTER TABLE "price_tables" ADD CONSTRAINT "price_tables_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_criteria" ADD CONSTRAINT "price_table_criteria_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_criteria" ADD CONSTRAINT "price_table_criteria_price_table_id_fkey" FOREIGN KEY ("price_table_id") REFERENCES "price_tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_price_table_id_fkey" FOREIGN KEY ("price_table_id") REFERENCES "price_tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_criteria_row_id_fkey" FOREIGN KEY ("criteria_row_id") REFERENCES "price_table_criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_products" ADD CONSTRAINT "price_table_products_product_variation_id_fkey" FOREIGN KEY ("product_variation_id") REFERENCES "product_variations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_price_table_id_fkey" FOREIGN KEY ("price_table_id") REFERENCES "price_tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_table_targets" ADD CONSTRAINT "price_table_targets_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_discount_id_fkey" FOREIGN KEY ("discount_id") REFERENCES "discounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_criteria_values" ADD CONSTRAINT "discount_criteria_values_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_criteria_values" ADD CONSTRAINT "discount_criteria_values_discount_id_fkey" FOREIGN KEY ("discount_id") REFERENCES "discounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
