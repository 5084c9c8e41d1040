import { pageMetadata } from "@/lib/page-metadata";
import { NewCompany } from "./new-company";

export const generateMetadata = () => pageMetadata("companies.new");

export default function NewCompanyPage() {
  return <NewCompany />;
}
