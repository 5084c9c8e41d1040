-- SKUs are unique in an org compared in Unicode NFC and case-insensitively (sku_key).
-- DropIndex
DROP INDEX "products_organization_id_sku_key";

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "sku_key" TEXT;
UPDATE "products" SET "sku_key" = upper(normalize("sku", NFC));
ALTER TABLE "products" ALTER COLUMN "sku_key" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "products_organization_id_sku_key_key" ON "products"("organization_id", "sku_key");
