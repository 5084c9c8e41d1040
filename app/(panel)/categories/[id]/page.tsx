import type { Metadata } from "next";
import { EditCategory } from "../category-form";

export const metadata: Metadata = { title: "Category · B2B Sales" };

export default async function CategoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditCategory id={id} />;
}
