-- CreateEnum
CREATE TYPE "OrderHoldReason" AS ENUM ('CREDIT_BLOCKED', 'CREDIT_LIMIT', 'OVERDUE', 'DISCOUNT');

-- CreateEnum
CREATE TYPE "OrderDecisionKind" AS ENUM ('APPROVE', 'REJECT');

-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "list_unit_value" DECIMAL(18,2);

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "overdue_tolerance_days" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "quote_validity_days" INTEGER NOT NULL DEFAULT 15;

-- AlterTable
ALTER TABLE "sellers" ADD COLUMN     "max_discount_percent" DECIMAL(7,4) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "order_holds" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "reason" "OrderHoldReason" NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_holds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_decisions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "decision" "OrderDecisionKind" NOT NULL,
    "note" TEXT,
    "holds" JSONB NOT NULL DEFAULT '[]',
    "actor" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "order_holds_organization_id_created_at_idx" ON "order_holds"("organization_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "order_holds_order_id_reason_key" ON "order_holds"("order_id", "reason");

-- CreateIndex
CREATE INDEX "order_decisions_order_id_created_at_idx" ON "order_decisions"("order_id", "created_at");

-- AddForeignKey
ALTER TABLE "order_holds" ADD CONSTRAINT "order_holds_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_holds" ADD CONSTRAINT "order_holds_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_decisions" ADD CONSTRAINT "order_decisions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_decisions" ADD CONSTRAINT "order_decisions_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
