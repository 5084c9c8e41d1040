import { pageMetadata } from "@/lib/page-metadata";
import { ProductsList } from "./products-list";

export const generateMetadata = () => pageMetadata("products.title");

export default function ProductsPage() {
  return <ProductsList />;
}
