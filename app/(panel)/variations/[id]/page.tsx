import { pageMetadata } from "@/lib/page-metadata";
import { EditVariation } from "./edit-variation";

export const generateMetadata = () => pageMetadata("variations.one");

export default async function VariationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditVariation id={id} />;
}
