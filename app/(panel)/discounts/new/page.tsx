import { pageMetadata } from "@/lib/page-metadata";
import { NewDiscount } from "./new-discount";

export const generateMetadata = () => pageMetadata("discounts.new");

export default function NewDiscountPage() {
  return <NewDiscount />;
}
