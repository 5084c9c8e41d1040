import { pageMetadata } from "@/lib/page-metadata";
import { EditEntityAttribute } from "./edit-entity-attribute";

export const generateMetadata = () => pageMetadata("customFields.one");

export default async function CustomFieldPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditEntityAttribute id={id} />;
}
