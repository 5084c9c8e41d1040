import { pageMetadata } from "@/lib/page-metadata";
import { NewWarehouse } from "../warehouse-form";

export const generateMetadata = () => pageMetadata("warehouses.new");

export default function NewWarehousePage() {
  return <NewWarehouse />;
}
