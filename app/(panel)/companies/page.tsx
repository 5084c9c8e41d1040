import { pageMetadata } from "@/lib/page-metadata";
import { CompaniesList } from "./companies-list";

export const generateMetadata = () => pageMetadata("companies.title");

export default function CompaniesPage() {
  return <CompaniesList />;
}
