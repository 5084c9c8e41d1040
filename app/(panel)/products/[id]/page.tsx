import { pageMetadata } from "@/lib/page-metadata";
import { ProductStock } from "@/components/stock/product-stock";
import { EditProduct } from "./edit-product";

export const generateMetadata = () => pageMetadata("products.one");

export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <EditProduct id={id} />
      <ProductStock productId={id} />
    </>
  );
}
