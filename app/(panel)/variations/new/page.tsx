import type { Metadata } from "next";
import { NewVariation } from "../variation-form";

export const metadata: Metadata = { title: "New variation · B2B Sales" };

export default function NewVariationPage() {
  return <NewVariation />;
}
