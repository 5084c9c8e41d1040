import { pageMetadata } from "@/lib/page-metadata";
import { EntityAttributesList } from "./entity-attributes-list";

export const generateMetadata = () => pageMetadata("customFields.title");

export default function CustomFieldsPage() {
  return <EntityAttributesList />;
}
