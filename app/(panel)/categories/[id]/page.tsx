import { pageMetadata } from "@/lib/page-metadata";
import { EditCategory } from "./edit-category";

export const generateMetadata = () => pageMetadata("categories.one");

export default async function CategoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditCategory id={id} />;
}
