import { pageMetadata } from "@/lib/page-metadata";
import { NewMeasureUnit } from "../measure-unit-form";

export const generateMetadata = () => pageMetadata("measureUnits.new");

export default function NewMeasureUnitPage() {
  return <NewMeasureUnit />;
}
