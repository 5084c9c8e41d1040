import { pageMetadata } from "@/lib/page-metadata";
import { PriceTablesList } from "./price-tables-list";

export const generateMetadata = () => pageMetadata("priceTables.title");

export default function PriceTablesPage() {
  return <PriceTablesList />;
}
