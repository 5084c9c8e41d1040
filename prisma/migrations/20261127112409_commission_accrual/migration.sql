-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "commission_rate" DECIMAL(9,4),
ADD COLUMN     "invoiced_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "orders_organization_id_invoiced_at_idx" ON "orders"("organization_id", "invoiced_at");

-- Orders invoiced before: when they first entered INVOICED or later (else their last update),
-- and their seller's present commission rate.
UPDATE "orders" o
SET "invoiced_at" = coalesce((SELECT min(c."created_at") FROM "order_status_changes" c
                              JOIN "statuses" s ON s."organization_id" = c."organization_id" AND s."id" = c."status_id"
                              WHERE c."order_id" = o."id" AND s."phase" IN ('INVOICED', 'SHIPPED', 'DELIVERED')), o."updated_at"),
    "commission_rate" = (SELECT se."commission_rate" FROM "sellers" se
                         WHERE se."organization_id" = o."organization_id" AND se."id" = o."seller_id")
FROM "statuses" st
WHERE st."organization_id" = o."organization_id" AND st."id" = o."status_id"
  AND NOT o."quotation" AND st."phase" IN ('INVOICED', 'SHIPPED', 'DELIVERED');
