import type { Metadata } from "next";
import { NewAlternativeUnit } from "../alternative-unit-form";

export const metadata: Metadata = { title: "New alternative unit · B2B Sales" };

export default function NewAlternativeUnitPage() {
  return <NewAlternativeUnit />;
}
