import type { Metadata } from "next";
import { NewProduct } from "../product-form";

export const metadata: Metadata = { title: "New product · B2B Sales" };

export default function NewProductPage() {
  return <NewProduct />;
}
