import type { Metadata } from "next";
import { PartnersList } from "./partners-list";

export const metadata: Metadata = { title: "Partners · B2B Sales" };

export default function PartnersPage() {
  return <PartnersList />;
}
