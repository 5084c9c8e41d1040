import { pageMetadata } from "@/lib/page-metadata";
import { NewAlternativeUnit } from "../alternative-unit-form";

export const generateMetadata = () => pageMetadata("alternativeUnits.new");

export default function NewAlternativeUnitPage() {
  return <NewAlternativeUnit />;
}
