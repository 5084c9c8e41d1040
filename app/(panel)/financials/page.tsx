import { pageMetadata } from "@/lib/page-metadata";
import { FinancialsList } from "./financials-list";

export const generateMetadata = () => pageMetadata("financials.title");

export default function FinancialsPage() {
  return <FinancialsList />;
}
