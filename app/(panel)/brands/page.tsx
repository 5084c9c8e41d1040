import type { Metadata } from "next";
import { BrandsList } from "./brands-list";

export const metadata: Metadata = { title: "Brands · B2B Sales" };

export default function BrandsPage() {
  return <BrandsList />;
}
