import { pageMetadata } from "@/lib/page-metadata";
import { NewPriceTable } from "./new-price-table";

export const generateMetadata = () => pageMetadata("priceTables.new");

export default function NewPriceTablePage() {
  return <NewPriceTable />;
}
