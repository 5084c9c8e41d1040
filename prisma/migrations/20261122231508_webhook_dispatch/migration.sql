-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN     "response_excerpt" TEXT;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "claim_token" UUID;

-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "search_text" TEXT NOT NULL DEFAULT '';
