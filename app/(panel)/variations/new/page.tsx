import { pageMetadata } from "@/lib/page-metadata";
import { NewVariation } from "../variation-form";

export const generateMetadata = () => pageMetadata("variations.new");

export default function NewVariationPage() {
  return <NewVariation />;
}
