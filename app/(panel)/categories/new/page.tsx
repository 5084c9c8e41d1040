import type { Metadata } from "next";
import { NewCategory } from "../category-form";

export const metadata: Metadata = { title: "New category · B2B Sales" };

export default function NewCategoryPage() {
  return <NewCategory />;
}
