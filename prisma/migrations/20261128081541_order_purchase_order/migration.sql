-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "purchase_order" TEXT;
