import { pageMetadata } from "@/lib/page-metadata";
import { CategoriesList } from "./categories-list";

export const generateMetadata = () => pageMetadata("categories.title");

export default function CategoriesPage() {
  return <CategoriesList />;
}
