import type { Metadata } from "next";
import { VariationsList } from "./variations-list";

export const metadata: Metadata = { title: "Variations · B2B Sales" };

export default function VariationsPage() {
  return <VariationsList />;
}
