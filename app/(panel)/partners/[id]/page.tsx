import type { Metadata } from "next";
import { EditPartner } from "./edit-partner";

export const metadata: Metadata = { title: "Partner · B2B Sales" };

export default async function PartnerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditPartner id={id} />;
}
