import { pageMetadata } from "@/lib/page-metadata";
import { DiscountsList } from "./discounts-list";

export const generateMetadata = () => pageMetadata("discounts.title");

export default function DiscountsPage() {
  return <DiscountsList />;
}
