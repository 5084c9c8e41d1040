import { pageMetadata } from "@/lib/page-metadata";
import { PartnersList } from "./partners-list";

export const generateMetadata = () => pageMetadata("partners.title");

export default function PartnersPage() {
  return <PartnersList />;
}
