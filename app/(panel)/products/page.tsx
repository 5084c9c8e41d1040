import type { Metadata } from "next";
import { ProductsList } from "./products-list";

export const metadata: Metadata = { title: "Products · B2B Sales" };

export default function ProductsPage() {
  return <ProductsList />;
}
