import { pageMetadata } from "@/lib/page-metadata";
import { NewSeller } from "./new-seller";

export const generateMetadata = () => pageMetadata("sellers.new");

export default function NewSellerPage() {
  return <NewSeller />;
}
