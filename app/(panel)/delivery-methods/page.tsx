import type { Metadata } from "next";
import { DeliveryMethodsList } from "./delivery-methods-list";

export const metadata: Metadata = { title: "Delivery methods · B2B Sales" };

export default function DeliveryMethodsPage() {
  return <DeliveryMethodsList />;
}
