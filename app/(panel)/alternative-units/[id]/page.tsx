import type { Metadata } from "next";
import { EditAlternativeUnit } from "../alternative-unit-form";

export const metadata: Metadata = { title: "Alternative unit · B2B Sales" };

export default async function AlternativeUnitPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditAlternativeUnit id={id} />;
}
