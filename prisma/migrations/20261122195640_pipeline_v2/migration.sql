-- AlterTable
ALTER TABLE "access_keys" ADD COLUMN     "search_text" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "idempotency_records" DROP COLUMN "headers",
ADD COLUMN     "locked_until" TIMESTAMPTZ(3),
ADD COLUMN     "resource_id" TEXT,
ADD COLUMN     "secret_withheld" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "token_version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "login_throttles" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "blocked_until" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "login_throttles_updated_at_idx" ON "login_throttles"("updated_at");

-- Existing access keys become searchable by name and token.
UPDATE "access_keys" SET "search_text" = lower("name" || ' ' || "token");
