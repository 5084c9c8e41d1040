import type { Metadata } from "next";
import { NewEntityAttribute } from "./new-entity-attribute";

export const metadata: Metadata = { title: "New custom field · B2B Sales" };

export default function NewCustomFieldPage() {
  return <NewEntityAttribute />;
}
