import { pageMetadata } from "@/lib/page-metadata";
import { NewAlternativeUnit } from "./new-alternative-unit";

export const generateMetadata = () => pageMetadata("alternativeUnits.new");

export default function NewAlternativeUnitPage() {
  return <NewAlternativeUnit />;
}
