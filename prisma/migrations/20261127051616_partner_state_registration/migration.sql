-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "state_registration" TEXT;
