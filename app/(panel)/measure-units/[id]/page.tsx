import { pageMetadata } from "@/lib/page-metadata";
import { EditMeasureUnit } from "./edit-measure-unit";

export const generateMetadata = () => pageMetadata("measureUnits.one");

export default async function MeasureUnitPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditMeasureUnit id={id} />;
}
