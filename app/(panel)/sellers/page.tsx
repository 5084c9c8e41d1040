import { pageMetadata } from "@/lib/page-metadata";
import { SellersList } from "./sellers-list";

export const generateMetadata = () => pageMetadata("sellers.title");

export default function SellersPage() {
  return <SellersList />;
}
