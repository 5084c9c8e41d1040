import { pageMetadata } from "@/lib/page-metadata";
import { SalesList } from "./sales-list";

export const generateMetadata = () => pageMetadata("sales.title");

export default function SalesPage() {
  return <SalesList />;
}
