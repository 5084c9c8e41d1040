-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "commission_base" DECIMAL(18,2),
ADD COLUMN     "commission_rate" DECIMAL(9,4),
ADD COLUMN     "commission_value" DECIMAL(18,2),
ADD COLUMN     "invoiced_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "orders_organization_id_invoiced_at_idx" ON "orders"("organization_id", "invoiced_at");

-- Orders invoiced before: when they first entered INVOICED or later (else their last update),
-- and their seller's commission at its present rate, rounded half-even to cents once.
WITH invoiced AS (
  SELECT o."id",
    coalesce((SELECT min(c."created_at") FROM "order_status_changes" c
              JOIN "statuses" s ON s."organization_id" = c."organization_id" AND s."id" = c."status_id"
              WHERE c."order_id" = o."id" AND s."phase" IN ('INVOICED', 'SHIPPED', 'DELIVERED')), o."updated_at") AS at,
    se."commission_rate" AS rate,
    o."order_value" - o."discount_value" AS base
  FROM "orders" o
  JOIN "statuses" st ON st."organization_id" = o."organization_id" AND st."id" = o."status_id"
  LEFT JOIN "sellers" se ON se."organization_id" = o."organization_id" AND se."id" = o."seller_id"
  WHERE NOT o."quotation" AND st."phase" IN ('INVOICED', 'SHIPPED', 'DELIVERED')
), figured AS (
  SELECT "id", at, rate, base, base * rate / 100 AS exact FROM invoiced
)
UPDATE "orders" o
SET "invoiced_at" = f.at,
    "commission_rate" = f.rate,
    "commission_base" = CASE WHEN f.rate IS NULL THEN NULL ELSE f.base END,
    "commission_value" = CASE
      WHEN f.rate IS NULL THEN NULL
      WHEN f.exact * 100 - trunc(f.exact * 100) = 0.5 AND mod(trunc(f.exact * 100), 2) = 0 THEN trunc(f.exact * 100) / 100
      ELSE round(f.exact, 2)
    END
FROM figured f
WHERE o."id" = f."id";
