import type { Metadata } from "next";
import { EditPaymentMethod } from "./edit-payment-method";

export const metadata: Metadata = { title: "Payment method · B2B Sales" };

export default async function PaymentMethodPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditPaymentMethod id={id} />;
}
