import type { Metadata } from "next";
import { EditEntityAttribute } from "./edit-entity-attribute";

export const metadata: Metadata = { title: "Custom field · B2B Sales" };

export default async function CustomFieldPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditEntityAttribute id={id} />;
}
