import type { Metadata } from "next";
import { CompaniesList } from "./companies-list";

export const metadata: Metadata = { title: "Companies · B2B Sales" };

export default function CompaniesPage() {
  return <CompaniesList />;
}
