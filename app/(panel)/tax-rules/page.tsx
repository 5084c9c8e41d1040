import { pageMetadata } from "@/lib/page-metadata";
import { TaxRulesList } from "./tax-rules-list";

export const generateMetadata = () => pageMetadata("taxRules.title");

export default function TaxRulesPage() {
  return <TaxRulesList />;
}
