import { pageMetadata } from "@/lib/page-metadata";
import { NewProduct } from "./new-product";

export const generateMetadata = () => pageMetadata("products.new");

export default function NewProductPage() {
  return <NewProduct />;
}
