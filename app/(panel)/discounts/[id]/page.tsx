import { pageMetadata } from "@/lib/page-metadata";
import { EditDiscount } from "./edit-discount";

export const generateMetadata = () => pageMetadata("discounts.one");

export default async function DiscountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditDiscount id={id} />;
}
