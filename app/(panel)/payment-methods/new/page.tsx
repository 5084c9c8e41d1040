import { pageMetadata } from "@/lib/page-metadata";
import { NewPaymentMethod } from "./new-payment-method";

export const generateMetadata = () => pageMetadata("paymentMethods.new");

export default function NewPaymentMethodPage() {
  return <NewPaymentMethod />;
}
