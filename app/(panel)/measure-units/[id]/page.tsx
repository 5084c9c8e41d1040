import { pageMetadata } from "@/lib/page-metadata";
import { EditMeasureUnit } from "../measure-unit-form";

export const generateMetadata = () => pageMetadata("measureUnits.one");

export default async function MeasureUnitPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditMeasureUnit id={id} />;
}
