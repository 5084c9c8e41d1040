import { pageMetadata } from "@/lib/page-metadata";
import { CommercialPolicy } from "./commercial-policy";

export const generateMetadata = () => pageMetadata("commercialSettings.title");

export default function CommercialPolicyPage() {
  return <CommercialPolicy />;
}
