import { pageMetadata } from "@/lib/page-metadata";
import { EditPartner } from "./edit-partner";

export const generateMetadata = () => pageMetadata("partners.one");

export default async function PartnerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditPartner id={id} />;
}
