import { pageMetadata } from "@/lib/page-metadata";
import { NewPartner } from "./new-partner";

export const generateMetadata = () => pageMetadata("partners.new");

export default function NewPartnerPage() {
  return <NewPartner />;
}
