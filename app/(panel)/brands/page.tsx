import { pageMetadata } from "@/lib/page-metadata";
import { BrandsList } from "./brands-list";

export const generateMetadata = () => pageMetadata("brands.title");

export default function BrandsPage() {
  return <BrandsList />;
}
