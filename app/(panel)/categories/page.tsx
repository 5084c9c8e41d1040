import type { Metadata } from "next";
import { CategoriesList } from "./categories-list";

export const metadata: Metadata = { title: "Categories · B2B Sales" };

export default function CategoriesPage() {
  return <CategoriesList />;
}
