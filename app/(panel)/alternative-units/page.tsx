import type { Metadata } from "next";
import { AlternativeUnitsList } from "./alternative-units-list";

export const metadata: Metadata = { title: "Alternative units · B2B Sales" };

export default function AlternativeUnitsPage() {
  return <AlternativeUnitsList />;
}
