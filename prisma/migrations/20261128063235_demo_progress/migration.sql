-- CreateEnum
CREATE TYPE "DemoStatus" AS ENUM ('RUNNING', 'DONE', 'FAILED');

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "demo_error" TEXT,
ADD COLUMN     "demo_started_at" TIMESTAMPTZ(3),
ADD COLUMN     "demo_status" "DemoStatus",
ADD COLUMN     "demo_step" INTEGER NOT NULL DEFAULT 0;
