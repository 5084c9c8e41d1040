import { pageMetadata } from "@/lib/page-metadata";
import { EditBrand } from "./edit-brand";

export const generateMetadata = () => pageMetadata("brands.one");

export default async function BrandPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditBrand id={id} />;
}
