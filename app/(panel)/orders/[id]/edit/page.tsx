import { pageMetadata } from "@/lib/page-metadata";
import { EditOrder } from "./edit-order";

export const generateMetadata = () => pageMetadata("orders.edit");

export default async function EditOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditOrder id={id} />;
}
