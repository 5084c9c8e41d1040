import type { Metadata } from "next";
import { PaymentMethodsList } from "./payment-methods-list";

export const metadata: Metadata = { title: "Payment methods · B2B Sales" };

export default function PaymentMethodsPage() {
  return <PaymentMethodsList />;
}
