import { pageMetadata } from "@/lib/page-metadata";
import { EditWarehouse } from "./edit-warehouse";

export const generateMetadata = () => pageMetadata("warehouses.one");

export default async function WarehousePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditWarehouse id={id} />;
}
