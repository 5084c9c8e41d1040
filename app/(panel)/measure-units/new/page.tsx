import type { Metadata } from "next";
import { NewMeasureUnit } from "../measure-unit-form";

export const metadata: Metadata = { title: "New measure unit · B2B Sales" };

export default function NewMeasureUnitPage() {
  return <NewMeasureUnit />;
}
