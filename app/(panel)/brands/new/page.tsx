import { pageMetadata } from "@/lib/page-metadata";
import { NewBrand } from "./new-brand";

export const generateMetadata = () => pageMetadata("brands.new");

export default function NewBrandPage() {
  return <NewBrand />;
}
