import { pageMetadata } from "@/lib/page-metadata";
import { WarehousesList } from "./warehouses-list";

export const generateMetadata = () => pageMetadata("warehouses.title");

export default function WarehousesPage() {
  return <WarehousesList />;
}
