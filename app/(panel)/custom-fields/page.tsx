import type { Metadata } from "next";
import { EntityAttributesList } from "./entity-attributes-list";

export const metadata: Metadata = { title: "Custom fields · B2B Sales" };

export default function CustomFieldsPage() {
  return <EntityAttributesList />;
}
