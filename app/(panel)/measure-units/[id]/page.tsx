import type { Metadata } from "next";
import { EditMeasureUnit } from "../measure-unit-form";

export const metadata: Metadata = { title: "Measure unit · B2B Sales" };

export default async function MeasureUnitPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditMeasureUnit id={id} />;
}
