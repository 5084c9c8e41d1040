import { pageMetadata } from "@/lib/page-metadata";
import { NewCategory } from "../category-form";

export const generateMetadata = () => pageMetadata("categories.new");

export default function NewCategoryPage() {
  return <NewCategory />;
}
