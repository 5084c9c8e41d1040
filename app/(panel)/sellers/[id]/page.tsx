import type { Metadata } from "next";
import { EditSeller } from "./edit-seller";

export const metadata: Metadata = { title: "Seller · B2B Sales" };

export default async function SellerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditSeller id={id} />;
}
