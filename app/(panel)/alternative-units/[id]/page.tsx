import { pageMetadata } from "@/lib/page-metadata";
import { EditAlternativeUnit } from "./edit-alternative-unit";

export const generateMetadata = () => pageMetadata("alternativeUnits.one");

export default async function AlternativeUnitPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditAlternativeUnit id={id} />;
}
