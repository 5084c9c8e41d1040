import { pageMetadata } from "@/lib/page-metadata";
import { SaleRecord } from "./sale-record";

export const generateMetadata = () => pageMetadata("sales.one");

export default async function SalePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SaleRecord id={id} />;
}
