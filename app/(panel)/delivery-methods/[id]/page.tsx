import type { Metadata } from "next";
import { EditDeliveryMethod } from "./edit-delivery-method";

export const metadata: Metadata = { title: "Delivery method · B2B Sales" };

export default async function DeliveryMethodPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditDeliveryMethod id={id} />;
}
