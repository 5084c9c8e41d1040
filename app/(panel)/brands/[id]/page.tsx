import type { Metadata } from "next";
import { EditBrand } from "./edit-brand";

export const metadata: Metadata = { title: "Brand · B2B Sales" };

export default async function BrandPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditBrand id={id} />;
}
