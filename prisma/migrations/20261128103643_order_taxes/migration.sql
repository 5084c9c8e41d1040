-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "taxes" JSONB;

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "invoice_value" DECIMAL(18,2) NOT NULL DEFAULT 0,
ADD COLUMN     "tax_totals" JSONB;

-- Orders from before figured no taxes: what the customer pays is their total.
UPDATE "orders" SET "invoice_value" = "total_value";
