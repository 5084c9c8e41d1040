import type { Metadata } from "next";
import { NewPaymentMethod } from "./new-payment-method";

export const metadata: Metadata = { title: "New payment method · B2B Sales" };

export default function NewPaymentMethodPage() {
  return <NewPaymentMethod />;
}
