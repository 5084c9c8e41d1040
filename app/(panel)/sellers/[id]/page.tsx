import { pageMetadata } from "@/lib/page-metadata";
import { EditSeller } from "./edit-seller";

export const generateMetadata = () => pageMetadata("sellers.one");

export default async function SellerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditSeller id={id} />;
}
