import type { Metadata } from "next";
import { MeasureUnitsList } from "./measure-units-list";

export const metadata: Metadata = { title: "Measure units · B2B Sales" };

export default function MeasureUnitsPage() {
  return <MeasureUnitsList />;
}
