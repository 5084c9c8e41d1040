import { pageMetadata } from "@/lib/page-metadata";
import { EditProduct } from "../product-form";

export const generateMetadata = () => pageMetadata("products.one");

export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditProduct id={id} />;
}
