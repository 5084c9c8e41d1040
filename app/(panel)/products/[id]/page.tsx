import type { Metadata } from "next";
import { EditProduct } from "../product-form";

export const metadata: Metadata = { title: "Product · B2B Sales" };

export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditProduct id={id} />;
}
