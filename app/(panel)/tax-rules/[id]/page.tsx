import { pageMetadata } from "@/lib/page-metadata";
import { EditTaxRule } from "./edit-tax-rule";

export const generateMetadata = () => pageMetadata("taxRules.one");

export default async function TaxRulePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditTaxRule id={id} />;
}
