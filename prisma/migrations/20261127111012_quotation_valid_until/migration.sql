-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "valid_until" DATE;

-- Quotations written before: valid until their negotiation day (São Paulo) + the org's quote_validity_days, as new ones are.
UPDATE "orders" o
SET "valid_until" = (o."negotiation_date" AT TIME ZONE 'America/Sao_Paulo')::date + org."quote_validity_days"
FROM "organizations" org
WHERE org."id" = o."organization_id" AND o."quotation";
