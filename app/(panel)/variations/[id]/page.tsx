import type { Metadata } from "next";
import { EditVariation } from "../variation-form";

export const metadata: Metadata = { title: "Variation · B2B Sales" };

export default async function VariationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditVariation id={id} />;
}
