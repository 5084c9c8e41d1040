-- DropIndex
DROP INDEX "sale_payments_sale_id_idx";

-- AlterTable
ALTER TABLE "sale_payments" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "sale_payments_sale_id_position_idx" ON "sale_payments"("sale_id", "position");
