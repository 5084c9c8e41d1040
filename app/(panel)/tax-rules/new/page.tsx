import { pageMetadata } from "@/lib/page-metadata";
import { NewTaxRule } from "./new-tax-rule";

export const generateMetadata = () => pageMetadata("taxRules.new");

export default function NewTaxRulePage() {
  return <NewTaxRule />;
}
