import { pageMetadata } from "@/lib/page-metadata";
import { NewVariation } from "./new-variation";

export const generateMetadata = () => pageMetadata("variations.new");

export default function NewVariationPage() {
  return <NewVariation />;
}
