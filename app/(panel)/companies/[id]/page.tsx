import { pageMetadata } from "@/lib/page-metadata";
import { EditCompany } from "./edit-company";

export const generateMetadata = () => pageMetadata("companies.one");

export default async function CompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditCompany id={id} />;
}
