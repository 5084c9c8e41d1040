import { pageMetadata } from "@/lib/page-metadata";
import { NewEntityAttribute } from "./new-entity-attribute";

export const generateMetadata = () => pageMetadata("customFields.new");

export default function NewCustomFieldPage() {
  return <NewEntityAttribute />;
}
