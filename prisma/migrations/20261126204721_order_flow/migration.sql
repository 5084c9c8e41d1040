-- CreateEnum
CREATE TYPE "OrderPhase" AS ENUM ('OPEN', 'CONFIRMED', 'INVOICED', 'SHIPPED', 'DELIVERED', 'CANCELED');

-- AlterEnum
ALTER TYPE "StockMovementType" ADD VALUE 'CONSUME';

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "is_default" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "reserved_quantity" DECIMAL(18,6) NOT NULL DEFAULT 0,
ADD COLUMN     "stock_id" UUID,
ADD COLUMN     "warehouse_id" UUID;

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "warehouse_id" UUID;

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "track_stock" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "statuses" ADD COLUMN     "phase" "OrderPhase";

-- AlterTable
ALTER TABLE "warehouses" ADD COLUMN     "is_default" BOOLEAN NOT NULL DEFAULT false;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_fkey" FOREIGN KEY ("warehouse_id") REFERENCES "warehouses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_warehouse_id_fkey" FOREIGN KEY ("warehouse_id") REFERENCES "warehouses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Contract §10: every ORDER status has a phase, SALE and FINANCIAL ones none.
-- The default statuses map one to one by their titles; a status an org made itself goes to
-- DELIVERED when it was final (it kept its orders from changing, as DELIVERED does) and to
-- OPEN otherwise. Staff can move any of them on the status page.
UPDATE "statuses" SET "phase" = (CASE
    WHEN "title" = 'new' THEN 'OPEN'
    WHEN "title" = 'confirmed' THEN 'CONFIRMED'
    WHEN "title" = 'invoiced' THEN 'INVOICED'
    WHEN "title" = 'shipped' THEN 'SHIPPED'
    WHEN "title" = 'delivered' THEN 'DELIVERED'
    WHEN "title" = 'canceled' THEN 'CANCELED'
    WHEN "is_final" THEN 'DELIVERED'
    ELSE 'OPEN' END)::"OrderPhase"
WHERE "type" = 'ORDER';
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_phase_of_orders" CHECK (("type" = 'ORDER') = ("phase" IS NOT NULL));

-- Where an order's stock comes from when it names no warehouse or company: each org's
-- oldest active warehouse and company become its defaults (the panel moves them).
UPDATE "warehouses" SET "is_default" = true
WHERE "id" IN (SELECT DISTINCT ON ("organization_id") "id" FROM "warehouses" WHERE "active" ORDER BY "organization_id", "created_at", "id");
UPDATE "companies" SET "is_default" = true
WHERE "id" IN (SELECT DISTINCT ON ("organization_id") "id" FROM "companies" WHERE "active" ORDER BY "organization_id", "created_at", "id");

-- An order's items hold stock on a record: the ledger and the order page find them by it.
CREATE INDEX "order_items_stock_id_idx" ON "order_items" ("stock_id");
