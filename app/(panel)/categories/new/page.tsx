import { pageMetadata } from "@/lib/page-metadata";
import { NewCategory } from "./new-category";

export const generateMetadata = () => pageMetadata("categories.new");

export default function NewCategoryPage() {
  return <NewCategory />;
}
