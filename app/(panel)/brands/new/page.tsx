import type { Metadata } from "next";
import { NewBrand } from "./new-brand";

export const metadata: Metadata = { title: "New brand · B2B Sales" };

export default function NewBrandPage() {
  return <NewBrand />;
}
