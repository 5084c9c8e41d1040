import { pageMetadata } from "@/lib/page-metadata";
import { FinancialRecord } from "./financial-record";

export const generateMetadata = () => pageMetadata("financials.one");

export default async function FinancialPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <FinancialRecord id={id} />;
}
