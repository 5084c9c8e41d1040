import { pageMetadata } from "@/lib/page-metadata";
import { NewWarehouse } from "./new-warehouse";

export const generateMetadata = () => pageMetadata("warehouses.new");

export default function NewWarehousePage() {
  return <NewWarehouse />;
}
