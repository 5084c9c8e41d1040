import { pageMetadata } from "@/lib/page-metadata";
import { PriceSimulator } from "./price-simulator";

export const generateMetadata = () => pageMetadata("priceSimulator.title");

export default function PriceSimulatorPage() {
  return <PriceSimulator />;
}
