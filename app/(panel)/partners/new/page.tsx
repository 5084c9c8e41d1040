import type { Metadata } from "next";
import { NewPartner } from "./new-partner";

export const metadata: Metadata = { title: "New partner · B2B Sales" };

export default function NewPartnerPage() {
  return <NewPartner />;
}
