-- CreateEnum
CREATE TYPE "StockMovementType" AS ENUM ('INCREMENT', 'DECREMENT', 'RESERVE', 'RELEASE', 'OVERRIDE');

-- CreateTable
CREATE TABLE "stock_inventories" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "company_id" UUID NOT NULL,
    "warehouse_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "product_variation_id" UUID,
    "variation_key" TEXT NOT NULL DEFAULT '',
    "total" DECIMAL(18,6) NOT NULL DEFAULT 0,
    "reserved" DECIMAL(18,6) NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "stock_inventories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stock_movements" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "organization_id" UUID NOT NULL,
    "stock_id" UUID NOT NULL,
    "type" "StockMovementType" NOT NULL,
    "quantity" DECIMAL(18,6) NOT NULL,
    "total_before" DECIMAL(18,6) NOT NULL,
    "total_after" DECIMAL(18,6) NOT NULL,
    "reserved_before" DECIMAL(18,6) NOT NULL,
    "reserved_after" DECIMAL(18,6) NOT NULL,
    "reason" TEXT,
    "reference_id" TEXT,
    "actor_kind" TEXT NOT NULL,
    "actor_id" UUID,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stock_movements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stock_inventories_organization_id_warehouse_id_idx" ON "stock_inventories"("organization_id", "warehouse_id");

-- CreateIndex
CREATE INDEX "stock_inventories_organization_id_product_id_idx" ON "stock_inventories"("organization_id", "product_id");

-- CreateIndex
CREATE INDEX "stock_inventories_product_variation_id_idx" ON "stock_inventories"("product_variation_id");

-- CreateIndex
CREATE UNIQUE INDEX "stock_inventories_organization_id_company_id_warehouse_id_p_key" ON "stock_inventories"("organization_id", "company_id", "warehouse_id", "product_id", "variation_key");

-- CreateIndex
CREATE UNIQUE INDEX "stock_movements_seq_key" ON "stock_movements"("seq");

-- CreateIndex
CREATE INDEX "stock_movements_organization_id_stock_id_seq_idx" ON "stock_movements"("organization_id", "stock_id", "seq");

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_warehouse_id_fkey" FOREIGN KEY ("warehouse_id") REFERENCES "warehouses"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_product_variation_id_fkey" FOREIGN KEY ("product_variation_id") REFERENCES "product_variations"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The invariant, also where no service looks: 0 <= reserved <= total.
ALTER TABLE "stock_inventories" ADD CONSTRAINT "stock_inventories_figures_check" CHECK ("reserved" >= 0 AND "reserved" <= "total");

-- The ledger is append-only: no update, no delete (except the cascade of a deleted organization).
CREATE FUNCTION "stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the stock ledger is append-only';
END
$$;

CREATE TRIGGER "stock_movements_append_only" BEFORE UPDATE OR DELETE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_append_only"();
