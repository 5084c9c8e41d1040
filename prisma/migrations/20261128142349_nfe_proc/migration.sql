-- AlterTable
ALTER TABLE "nfes" ADD COLUMN     "proc_resource_id" UUID;

-- AddForeignKey
ALTER TABLE "nfes" ADD CONSTRAINT "nfes_organization_id_proc_resource_id_fkey" FOREIGN KEY ("organization_id", "proc_resource_id") REFERENCES "resource_files"("organization_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
