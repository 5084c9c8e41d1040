import { pageMetadata } from "@/lib/page-metadata";
import { EditPriceTable } from "./edit-price-table";

export const generateMetadata = () => pageMetadata("priceTables.one");

export default async function PriceTablePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditPriceTable id={id} />;
}
