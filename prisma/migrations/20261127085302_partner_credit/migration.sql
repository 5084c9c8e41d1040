-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "credit_blocked" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "credit_limit" DECIMAL(18,2);
