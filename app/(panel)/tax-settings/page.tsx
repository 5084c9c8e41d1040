import { pageMetadata } from "@/lib/page-metadata";
import { TaxSettingsPage } from "./tax-settings";

export const generateMetadata = () => pageMetadata("taxSettings.title");

export default function TaxSettingsRoute() {
  return <TaxSettingsPage />;
}
