-- CreateEnum
CREATE TYPE "NfeStatus" AS ENUM ('SIGNED', 'AUTHORIZED', 'REJECTED', 'CANCELED', 'DISCARDED');

-- CreateTable
CREATE TABLE "company_certificates" (
    "organization_id" UUID NOT NULL,
    "company_id" UUID NOT NULL,
    "holder_name" TEXT NOT NULL,
    "holder_cnpj" TEXT NOT NULL,
    "serial_number" TEXT NOT NULL,
    "valid_from" TIMESTAMPTZ(3) NOT NULL,
    "valid_until" TIMESTAMPTZ(3) NOT NULL,
    "sealed_key" TEXT NOT NULL,
    "certificate_pem" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "company_certificates_pkey" PRIMARY KEY ("organization_id","company_id")
);

-- CreateTable
CREATE TABLE "nfe_series" (
    "organization_id" UUID NOT NULL,
    "company_id" UUID NOT NULL,
    "series" INTEGER NOT NULL,
    "next_number" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "nfe_series_pkey" PRIMARY KEY ("organization_id","company_id","series")
);

-- CreateTable
CREATE TABLE "nfes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "company_id" UUID NOT NULL,
    "series" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "status" "NfeStatus" NOT NULL DEFAULT 'SIGNED',
    "environment" INTEGER NOT NULL,
    "value" DECIMAL(18,2) NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "xml_resource_id" UUID NOT NULL,
    "document" JSONB NOT NULL,
    "protocol" TEXT,
    "status_code" TEXT,
    "status_reason" TEXT,
    "authorized_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "discarded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "nfes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "nfe_events" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "nfe_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "xml_resource_id" UUID NOT NULL,
    "protocol" TEXT,
    "actor" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "nfe_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "nfes_organization_id_order_id_idx" ON "nfes"("organization_id", "order_id");

-- CreateIndex
CREATE UNIQUE INDEX "nfes_organization_id_key_key" ON "nfes"("organization_id", "key");

-- CreateIndex
CREATE UNIQUE INDEX "nfes_organization_id_company_id_series_number_key" ON "nfes"("organization_id", "company_id", "series", "number");

-- CreateIndex
CREATE UNIQUE INDEX "nfes_organization_id_id_key" ON "nfes"("organization_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "nfe_events_nfe_id_type_sequence_key" ON "nfe_events"("nfe_id", "type", "sequence");

-- AddForeignKey
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfe_series" ADD CONSTRAINT "nfe_series_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfes" ADD CONSTRAINT "nfes_organization_id_order_id_fkey" FOREIGN KEY ("organization_id", "order_id") REFERENCES "orders"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfes" ADD CONSTRAINT "nfes_organization_id_company_id_fkey" FOREIGN KEY ("organization_id", "company_id") REFERENCES "companies"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfes" ADD CONSTRAINT "nfes_organization_id_xml_resource_id_fkey" FOREIGN KEY ("organization_id", "xml_resource_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfe_events" ADD CONSTRAINT "nfe_events_organization_id_nfe_id_fkey" FOREIGN KEY ("organization_id", "nfe_id") REFERENCES "nfes"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfe_events" ADD CONSTRAINT "nfe_events_organization_id_xml_resource_id_fkey" FOREIGN KEY ("organization_id", "xml_resource_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
