import { pageMetadata } from "@/lib/page-metadata";
import { AlternativeUnitsList } from "./alternative-units-list";

export const generateMetadata = () => pageMetadata("alternativeUnits.title");

export default function AlternativeUnitsPage() {
  return <AlternativeUnitsList />;
}
