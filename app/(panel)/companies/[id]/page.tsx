import type { Metadata } from "next";
import { EditCompany } from "./edit-company";

export const metadata: Metadata = { title: "Company · B2B Sales" };

export default async function CompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditCompany id={id} />;
}
