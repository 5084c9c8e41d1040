import type { Metadata } from "next";
import { NewCompany } from "./new-company";

export const metadata: Metadata = { title: "New company · B2B Sales" };

export default function NewCompanyPage() {
  return <NewCompany />;
}
