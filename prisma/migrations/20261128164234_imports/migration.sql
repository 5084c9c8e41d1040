-- CreateEnum
CREATE TYPE "ImportKind" AS ENUM ('PRODUCTS', 'PARTNERS', 'PRICE_TABLE_ITEMS', 'STOCK');

-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('CHECKING', 'READY', 'APPLYING', 'DONE', 'FAILED');

-- CreateEnum
CREATE TYPE "ImportAction" AS ENUM ('CREATE', 'UPDATE', 'UNCHANGED', 'INVALID');

-- CreateTable
CREATE TABLE "imports" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "kind" "ImportKind" NOT NULL,
    "status" "ImportStatus" NOT NULL DEFAULT 'CHECKING',
    "file_name" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "encoding" TEXT,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "columns" JSONB NOT NULL DEFAULT '[]',
    "rows_total" INTEGER,
    "rows_read" INTEGER NOT NULL DEFAULT 0,
    "count_create" INTEGER NOT NULL DEFAULT 0,
    "count_update" INTEGER NOT NULL DEFAULT 0,
    "count_unchanged" INTEGER NOT NULL DEFAULT 0,
    "count_invalid" INTEGER NOT NULL DEFAULT 0,
    "failure" JSONB,
    "skip_invalid" BOOLEAN NOT NULL DEFAULT false,
    "result" JSONB,
    "created_by_kind" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_by_role" TEXT NOT NULL,
    "applied_by_kind" TEXT,
    "applied_by_id" UUID,
    "applied_at" TIMESTAMPTZ(3),
    "claim_token" TEXT,
    "claimed_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_rows" (
    "organization_id" UUID NOT NULL,
    "import_id" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "action" "ImportAction" NOT NULL,
    "key" TEXT,
    "target_id" UUID,
    "data" JSONB,
    "cells" JSONB NOT NULL,

    CONSTRAINT "import_rows_pkey" PRIMARY KEY ("import_id","line")
);

-- CreateTable
CREATE TABLE "import_errors" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "import_id" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "column" TEXT,
    "code" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "params" JSONB,

    CONSTRAINT "import_errors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "imports_organization_id_created_at_idx" ON "imports"("organization_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "imports_status_claimed_until_idx" ON "imports"("status", "claimed_until");

-- CreateIndex
CREATE UNIQUE INDEX "imports_organization_id_id_key" ON "imports"("organization_id", "id");

-- CreateIndex
CREATE INDEX "import_errors_import_id_line_idx" ON "import_errors"("import_id", "line");

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_organization_id_import_id_fkey" FOREIGN KEY ("organization_id", "import_id") REFERENCES "imports"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_organization_id_import_id_fkey" FOREIGN KEY ("organization_id", "import_id") REFERENCES "imports"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
