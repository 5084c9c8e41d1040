import { pageMetadata } from "@/lib/page-metadata";
import { NewMeasureUnit } from "./new-measure-unit";

export const generateMetadata = () => pageMetadata("measureUnits.new");

export default function NewMeasureUnitPage() {
  return <NewMeasureUnit />;
}
