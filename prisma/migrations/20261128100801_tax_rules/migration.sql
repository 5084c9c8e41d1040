-- CreateEnum
CREATE TYPE "PisCofinsRegime" AS ENUM ('CUMULATIVE', 'NON_CUMULATIVE', 'NONE');

-- CreateEnum
CREATE TYPE "TaxKind" AS ENUM ('ICMS', 'IPI', 'PIS_COFINS', 'IBS_CBS');

-- CreateEnum
CREATE TYPE "DifalMethod" AS ENUM ('SINGLE', 'DOUBLE');

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "address" JSONB,
ADD COLUMN     "crt" INTEGER,
ADD COLUMN     "ipi_contributor" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "pis_cofins_regime" "PisCofinsRegime" NOT NULL DEFAULT 'NONE',
ADD COLUMN     "state_registration" TEXT,
ADD COLUMN     "trade_name" TEXT;

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "tax_exclude_icms_from_pis_cofins" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "tax_fcp_st_minus_own_fcp" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "tax_ibs_cbs" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "final_consumer" BOOLEAN,
ADD COLUMN     "ie_indicator" INTEGER;

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "cest" TEXT,
ADD COLUMN     "ipi_rate" DECIMAL(7,4),
ADD COLUMN     "origin" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "tax_rules" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "tax" "TaxKind" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "start_date" DATE,
    "end_date" DATE,
    "origin_states" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "destination_states" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "ie_indicators" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "final_consumer" BOOLEAN,
    "ncm_prefixes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "cest" TEXT,
    "product_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "company_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "cfop" TEXT,
    "cst" TEXT,
    "csosn" TEXT,
    "rate" DECIMAL(7,4),
    "base_reduction" DECIMAL(7,4),
    "fcp_rate" DECIMAL(7,4),
    "credit_rate" DECIMAL(7,4),
    "mva" DECIMAL(7,4),
    "adjust_mva" BOOLEAN NOT NULL DEFAULT false,
    "st_base_reduction" DECIMAL(7,4),
    "st_internal_rate" DECIMAL(7,4),
    "st_fcp_rate" DECIMAL(7,4),
    "pis_rate" DECIMAL(7,4),
    "cofins_rate" DECIMAL(7,4),
    "ibs_rate" DECIMAL(7,4),
    "cbs_rate" DECIMAL(7,4),
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tax_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_states" (
    "organization_id" UUID NOT NULL,
    "uf" TEXT NOT NULL,
    "internal_rate" DECIMAL(7,4) NOT NULL,
    "fcp_rate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "difal_method" "DifalMethod" NOT NULL DEFAULT 'SINGLE',
    "fcp_in_divisor" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tax_states_pkey" PRIMARY KEY ("organization_id","uf")
);

-- CreateIndex
CREATE INDEX "tax_rules_organization_id_tax_idx" ON "tax_rules"("organization_id", "tax");

-- CreateIndex
CREATE UNIQUE INDEX "tax_rules_organization_id_id_key" ON "tax_rules"("organization_id", "id");

-- AddForeignKey
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_states" ADD CONSTRAINT "tax_states_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
