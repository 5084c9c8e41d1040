import { pageMetadata } from "@/lib/page-metadata";
import { MeasureUnitsList } from "./measure-units-list";

export const generateMetadata = () => pageMetadata("measureUnits.title");

export default function MeasureUnitsPage() {
  return <MeasureUnitsList />;
}
