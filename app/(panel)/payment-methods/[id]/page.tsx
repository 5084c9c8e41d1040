import { pageMetadata } from "@/lib/page-metadata";
import { EditPaymentMethod } from "./edit-payment-method";

export const generateMetadata = () => pageMetadata("paymentMethods.one");

export default async function PaymentMethodPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditPaymentMethod id={id} />;
}
