import type { Metadata } from "next";
import { NewDeliveryMethod } from "./new-delivery-method";

export const metadata: Metadata = { title: "New delivery method · B2B Sales" };

export default function NewDeliveryMethodPage() {
  return <NewDeliveryMethod />;
}
