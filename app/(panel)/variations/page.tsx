import { pageMetadata } from "@/lib/page-metadata";
import { VariationsList } from "./variations-list";

export const generateMetadata = () => pageMetadata("variations.title");

export default function VariationsPage() {
  return <VariationsList />;
}
