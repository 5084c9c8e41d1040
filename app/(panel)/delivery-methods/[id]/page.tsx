import { pageMetadata } from "@/lib/page-metadata";
import { EditDeliveryMethod } from "./edit-delivery-method";

export const generateMetadata = () => pageMetadata("deliveryMethods.one");

export default async function DeliveryMethodPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditDeliveryMethod id={id} />;
}
